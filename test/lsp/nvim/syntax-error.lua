-- Driven by test/lsp/neovim-syntax.test.ts: Neovim (0.7 or later) headless as the language client of
-- `tfgraph lsp`. Opens the root's main.tf and the module's l1/main.tf, waits for the first analysis, types
-- an unclosed block into l1/main.tf (the buffer is not saved), waits for its parse error, then asks for
-- hover and definition on unchanged blocks below it; writes what came back (and every buffer's
-- diagnostics) as JSON to $TFGRAPH_OUT and quits.
local harness = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/harness.lua')
local env = harness.env
local results, finish = harness.start()

local function messages(buf)
  local list = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(list, d.message) end
  return list
end

local function has(buf, text)
  for _, m in ipairs(messages(buf)) do
    if m:find(text, 1, true) then return true end
  end
  return false
end

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
  vim.cmd('edit ' .. vim.fn.fnameescape(env('TFGRAPH_ROOT_FILE')))
  vim.lsp.buf_attach_client(0, id)
  local root = vim.api.nvim_get_current_buf()
  assert(vim.wait(60000, function() return has(root, 'without a version constraint') end, 50), 'no findings in the root')
  vim.cmd('edit ' .. vim.fn.fnameescape(env('TFGRAPH_FILE')))
  vim.lsp.buf_attach_client(0, id)
  local l1 = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(l1)
  -- an unclosed block typed after the terraform block (line 10, 0-based 9, is empty)
  vim.api.nvim_buf_set_lines(l1, 10, 10, false, {'resource "aws_s3_bucket" "new" {', '  bucket = "new"', ''})
  assert(vim.wait(60000, function() return has(l1, 'Unclosed configuration block') end, 50), 'no parse error: ' .. vim.inspect(messages(l1)))
  -- the root's findings depend on the module that does not parse: held back
  assert(vim.wait(30000, function() return not has(root, 'without a version constraint') end, 50), 'root findings stay: ' .. vim.inspect(messages(root)))
  results.l1 = messages(l1)
  results.root = messages(root)
  local lines = vim.api.nvim_buf_get_lines(l1, 0, -1, false)
  local function find(text, shift)
    for i, line in ipairs(lines) do
      local col = line:find(text, 1, true)
      if col then return {line = i - 1, character = col - 1 + (shift or 2)} end
    end
    error(text .. ' not in the buffer')
  end
  local function request(method, at)
    local answers = vim.lsp.buf_request_sync(l1, method, {textDocument = {uri = uri}, position = at}, 30000)
    for _, a in pairs(answers or {}) do
      if a.err then error(method .. ': ' .. vim.inspect(a.err)) end
      return a.result
    end
    return vim.NIL
  end
  results.hover_line = find('resource "aws_s3_bucket" "b"').line
  results.hover = request('textDocument/hover', find('resource "aws_s3_bucket" "b"'))
  results.definition = request('textDocument/definition', find('provider = aws.east', 13))
  results.new_hover = request('textDocument/hover', find('resource "aws_s3_bucket" "new"'))
  results.version = vim.version()
end)
finish(ok and vim.NIL or tostring(err))
