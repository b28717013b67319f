-- Driven by test/lsp/neovim-state.test.ts (#51): Neovim (0.7 or later) headless with tfgraph's set-up
-- (editors/neovim) given a state file (`setup({state = ...})`, sent as the initialization option). Opens
-- $TFGRAPH_FILE, waits for the state's diagnostics Neovim shows, asks for the code lenses, and writes
-- them as JSON to $TFGRAPH_OUT, then quits.
local harness = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/harness.lua')
local env = harness.env
local results, finish = harness.start()

local ok, err = pcall(function()
  package.path = env('TFGRAPH_PLUGIN') .. '/?.lua;' .. package.path
  require('tfgraph').setup({cmd = {env('TFGRAPH_NODE'), env('TFGRAPH_BIN'), 'lsp', '--stdio'}, state = env('TFGRAPH_STATE')})
  vim.cmd('edit ' .. vim.fn.fnameescape(env('TFGRAPH_FILE')))
  local function codes()
    local out = {}
    for _, d in ipairs(vim.diagnostic.get(0)) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      if code then table.insert(out, code) end
    end
    return out
  end
  local function missing()
    local n = 0
    for _, c in ipairs(codes()) do
      if c == 'state.provider-configuration-missing' then n = n + 1 end
    end
    return n
  end
  assert(vim.wait(60000, function() return missing() >= 2 end, 50), 'no state diagnostics: ' .. vim.inspect(codes()))
  results.codes = codes()
  local answers = vim.lsp.buf_request_sync(0, 'textDocument/codeLens', {textDocument = {uri = vim.uri_from_bufnr(0)}}, 30000)
  results.lenses = {}
  for _, a in pairs(answers or {}) do
    if a.err then error('codeLens: ' .. vim.inspect(a.err)) end
    for _, l in ipairs(a.result or {}) do table.insert(results.lenses, l.command.title) end
  end
  results.version = vim.version()
end)
finish(ok and vim.NIL or tostring(err))
