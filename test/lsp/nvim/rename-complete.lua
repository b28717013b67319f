-- Driven by test/lsp/neovim.test.ts: Neovim (0.7 or later) headless with tfgraph's own set-up
-- (editors/neovim/lua/tfgraph.lua) on a copy of fixtures/lsp/rename with a `.terraform` directory and no
-- `.git`. Opens the module's file, renames the configuration_aliases entry aws.src through Neovim's LSP
-- client, applies the edit across the root and the module and writes the files; then completes
-- `provider = aws.` in the root. With TFGRAPH_NVIM_API=0.8 on a Neovim without vim.lsp.start, the set-up's
-- 0.8 branch runs with vim.lsp.start emulated on start_client and buf_attach_client. Writes what it saw
-- as JSON to $TFGRAPH_OUT and quits.
local harness = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/harness.lua')
local env = harness.env
local results, finish = harness.start({started = {}})

local ok, err = pcall(function()
  results.version = vim.version()
  results.api = vim.lsp.start and '0.8' or '0.7'
  if os.getenv('TFGRAPH_NVIM_API') == '0.8' and not vim.lsp.start then
    -- the 0.8 branch on 0.7: vim.lsp.start as 0.8 documents it, one client per name and root
    local clients = {}
    vim.lsp.start = function(config, o)
      table.insert(results.started, {name = config.name, root_dir = config.root_dir})
      local id = clients[config.root_dir]
      if not id then
        id = vim.lsp.start_client(config)
        clients[config.root_dir] = id
      end
      vim.lsp.buf_attach_client(o.bufnr, id)
      return id
    end
    results.api = '0.8 (emulated)'
  end
  package.path = env('TFGRAPH_PLUGIN') .. '/?.lua;' .. package.path
  require('tfgraph').setup({cmd = {env('TFGRAPH_NODE'), env('TFGRAPH_BIN'), 'lsp', '--stdio'}})

  local ws = env('TFGRAPH_WS')
  local function open(file)
    vim.cmd('edit ' .. vim.fn.fnameescape(file))
    local bufnr = vim.api.nvim_get_current_buf()
    assert(vim.wait(30000, function()
      local clients = vim.lsp.buf_get_clients(bufnr)
      for _, c in pairs(clients) do
        if c.initialized then return true end
      end
      return false
    end, 50), 'no tfgraph client attached to ' .. file)
    return bufnr
  end
  local function request(bufnr, method, params)
    local answers, e = vim.lsp.buf_request_sync(bufnr, method, params, 60000)
    assert(answers, method .. ': ' .. tostring(e))
    for _, a in pairs(answers) do
      if a.err then error(method .. ': ' .. vim.inspect(a.err)) end
      return a.result
    end
    return nil
  end

  -- rename the module's slot from its configuration_aliases entry: `src` of `aws.src`
  local net = open(ws .. '/net/main.tf')
  local line = vim.fn.search('\\[aws.src\\]') - 1
  local col = vim.fn.getline(line + 1):find('src', 1, true) - 1
  local uri = vim.uri_from_bufnr(net)
  local edit = request(net, 'textDocument/rename', {textDocument = {uri = uri}, position = {line = line, character = col}, newName = 'edge'})
  results.renamed_files = vim.tbl_count(edit.changes or {})
  vim.lsp.util.apply_workspace_edit(edit, 'utf-16')
  vim.cmd('silent! wall')

  -- complete `provider = aws.` in the root's resource
  local main = open(ws .. '/main.tf')
  -- the analysis of the root as it is, before a line that does not parse yet
  request(main, 'textDocument/hover', {textDocument = {uri = vim.uri_from_bufnr(main)}, position = {line = 0, character = 0}})
  local at = vim.fn.search('bucket   = "logs"')
  vim.api.nvim_buf_set_lines(main, at, at, false, {'  provider = aws.'})
  local items = request(main, 'textDocument/completion', {
    textDocument = {uri = vim.uri_from_bufnr(main)},
    position = {line = at, character = #'  provider = aws.'},
  })
  results.completion = {}
  for _, i in ipairs((items and items.items) or items or {}) do table.insert(results.completion, i.label) end

  -- one client for both files, at the directory with .terraform
  results.roots = {}
  for _, c in pairs(vim.lsp.get_active_clients()) do table.insert(results.roots, c.config.root_dir) end
end)
finish(ok and vim.NIL or tostring(err))
