-- Driven by test/lsp/neovim-fix.test.ts: Neovim (0.7 or later) headless as the language client of
-- `tfgraph lsp`. Opens a file, waits for its diagnostics, asks for the `source.fixAll.tfgraph` code action
-- and applies its workspace edit with Neovim's own function (the buffer is not saved), then writes the
-- action's title and the buffer's lines as JSON to $TFGRAPH_OUT and quits.
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
  assert(vim.wait(30000, function()
    local c = vim.lsp.get_client_by_id(id)
    return c ~= nil and c.initialized == true
  end, 50), 'the server did not initialize')
  vim.cmd('edit ' .. vim.fn.fnameescape(env('TFGRAPH_FILE')))
  vim.lsp.buf_attach_client(0, id)
  local uri = vim.uri_from_bufnr(0)
  assert(vim.wait(60000, function() return #vim.diagnostic.get(0) >= 6 end, 100), 'no diagnostics')
  results.diagnostics = #vim.diagnostic.get(0)
  local answers = vim.lsp.buf_request_sync(0, 'textDocument/codeAction', {
    textDocument = {uri = uri},
    range = {start = {line = 0, character = 0}, ['end'] = {line = 0, character = 0}},
    context = {diagnostics = {}, only = {'source.fixAll.tfgraph'}},
  }, 30000)
  local actions
  for _, a in pairs(answers or {}) do
    if a.err then error('codeAction: ' .. vim.inspect(a.err)) end
    actions = a.result
  end
  assert(actions and #actions == 1, 'expected one fix-all action, got ' .. vim.inspect(actions))
  results.title = actions[1].title
  results.kind = actions[1].kind
  vim.lsp.util.apply_workspace_edit(actions[1].edit, 'utf-16')
  results.lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
end)
finish(ok and vim.NIL or tostring(err))
