-- Driven by test/lsp/neovim.test.ts: Neovim (0.7 or later) headless as the language client of
-- `tfgraph lsp`. Opens a fixture file, asks for hover, definition and references through Neovim's own
-- LSP client, and writes what came back as JSON to $TFGRAPH_OUT, then quits.
local harness = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/harness.lua')
local env = harness.env
local results, finish = harness.start()

local ok, err = pcall(function()
  local id = vim.lsp.start_client({
    name = 'tfgraph',
    cmd = {env('TFGRAPH_NODE'), env('TFGRAPH_BIN'), 'lsp', '--stdio'},
    root_dir = env('TFGRAPH_WS'),
  })
  assert(id, 'the client did not start')
  local function open(file)
    vim.cmd('edit ' .. vim.fn.fnameescape(file))
    vim.lsp.buf_attach_client(0, id)
    return vim.uri_from_bufnr(0)
  end
  local function request(method, params)
    local answers = vim.lsp.buf_request_sync(0, method, params, 30000)
    for _, a in pairs(answers or {}) do
      if a.err then error(method .. ': ' .. vim.inspect(a.err)) end
      return a.result
    end
    return vim.NIL
  end
  assert(vim.wait(30000, function()
    local c = vim.lsp.get_client_by_id(id)
    return c ~= nil and c.initialized == true
  end, 50), 'the server did not initialize')
  local subnet = open(env('TFGRAPH_FILE'))
  local at = {line = tonumber(env('TFGRAPH_LINE')), character = tonumber(env('TFGRAPH_CHARACTER'))}
  results.hover = request('textDocument/hover', {textDocument = {uri = subnet}, position = at})
  results.definition = request('textDocument/definition', {textDocument = {uri = subnet}, position = at})
  local main = open(env('TFGRAPH_REFS_FILE'))
  results.references = request('textDocument/references', {
    textDocument = {uri = main},
    position = {line = tonumber(env('TFGRAPH_REFS_LINE')), character = tonumber(env('TFGRAPH_REFS_CHARACTER'))},
    context = {includeDeclaration = false},
  })
  results.version = vim.version()
end)
finish(ok and vim.NIL or tostring(err))
