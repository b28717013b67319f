-- Driven by test/lsp/neovim-editor.test.ts (#49): Neovim (0.7 or later) headless as the client of
-- `tfgraph lsp`, one case per run ($TFGRAPH_CASE):
--   reopen:  tfgraph's set-up (editors/neovim) on $TFGRAPH_WS; opens main.tf (one finding) and clean.tf (none),
--            then reads main.tf again with `:e!`, `:bd` + `:e` and `:bwipeout` + `:e`, and notes after each
--            whether the server published again and how many diagnostics Neovim shows.
--   outside: a client started on $TFGRAPH_WS; asks hover for a file that does not exist, opens
--            $TFGRAPH_FILE from a directory outside the folder, hovers its resource, wipes its buffer.
--   stacks:  tfgraph's set-up; opens the Stacks files $TFGRAPH_COMPONENT (hover on `component "storage"`),
--            $TFGRAPH_DEPLOY (a line typed that leaves a block open) and $TFGRAPH_STACK, and notes
--            whether a client attached and what diagnostics Neovim shows.
-- The publishes and log lines the server sent are noted too; all is written as JSON to $TFGRAPH_OUT.
local harness = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/harness.lua')
local env = harness.env
local results, finish = harness.start({steps = {}, published = {}, logs = {}})

-- every publish (uri, how many) and log line, before Neovim's own handling
local publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(e, result, ctx, config)
  table.insert(results.published, {uri = result.uri, n = #result.diagnostics})
  return publish(e, result, ctx, config)
end
vim.lsp.handlers['window/logMessage'] = function(_, result)
  table.insert(results.logs, result.message)
end

local function cmd() return {env('TFGRAPH_NODE'), env('TFGRAPH_BIN'), 'lsp', '--stdio'} end

local function publishes(uri)
  local n = 0
  for _, p in ipairs(results.published) do
    if p.uri == uri then n = n + 1 end
  end
  return n
end

local function attached(bufnr)
  for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if c.initialized then return c end
  end
  return nil
end

-- Edits `file` with the set-up's autocommand; the buffer, once a client is attached (or after 30 s).
local function open(file)
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.wait(30000, function() return attached(bufnr) ~= nil end, 50)
  return bufnr
end

local function hover(bufnr, line, character)
  local answers = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', {
    textDocument = {uri = vim.uri_from_bufnr(bufnr)},
    position = {line = line, character = character},
  }, 30000)
  for _, a in pairs(answers or {}) do
    if a.result and a.result.contents then return a.result.contents.value end
  end
  return vim.NIL
end

local function at(bufnr, pattern)
  vim.api.nvim_set_current_buf(bufnr)
  vim.fn.cursor(1, 1)
  local line = vim.fn.search(pattern, 'c')
  assert(line > 0, pattern .. ' not found')
  return line - 1, vim.fn.col('.') + 1
end

-- Reads `file` again with `how` and notes whether the server published again and what Neovim shows.
local function reread(file, how)
  local uri = vim.uri_from_fname(file)
  local before = publishes(uri)
  if how == 'e!' then
    vim.cmd('edit!')
  else
    vim.cmd(how)
    vim.cmd('edit ' .. vim.fn.fnameescape(file))
  end
  local bufnr = vim.api.nvim_get_current_buf()
  vim.wait(20000, function() return publishes(uri) > before and #vim.diagnostic.get(bufnr) > 0 end, 50)
  table.insert(results.steps, {step = how, republished = publishes(uri) - before, shown = #vim.diagnostic.get(bufnr)})
end

local function setup()
  package.path = env('TFGRAPH_PLUGIN') .. '/?.lua;' .. package.path
  require('tfgraph').setup({cmd = cmd()})
end

local cases = {}

function cases.reopen()
  setup()
  local main = env('TFGRAPH_WS') .. '/main.tf'
  local clean = env('TFGRAPH_WS') .. '/clean.tf'
  local m = open(main)
  vim.wait(30000, function() return #vim.diagnostic.get(m) > 0 end, 50)
  table.insert(results.steps, {step = 'open', republished = publishes(vim.uri_from_fname(main)), shown = #vim.diagnostic.get(m)})
  open(clean)
  vim.wait(20000, function() return publishes(vim.uri_from_fname(clean)) > 0 end, 50)
  open(main)
  reread(main, 'e!')
  reread(main, 'bdelete')
  reread(main, 'bwipeout')
end

function cases.outside()
  local id = vim.lsp.start_client({name = 'tfgraph', cmd = cmd(), root_dir = env('TFGRAPH_WS')})
  assert(id, 'the client did not start')
  assert(vim.wait(30000, function()
    local c = vim.lsp.get_client_by_id(id)
    return c ~= nil and c.initialized == true
  end, 50), 'the server did not initialize')
  local client = vim.lsp.get_client_by_id(id)
  -- a file that does not exist, asked about before anything is open
  local answered, answer = false, nil
  local started = vim.loop.hrtime()
  client.request('textDocument/hover', {
    textDocument = {uri = vim.uri_from_fname(env('TFGRAPH_MISSING'))},
    position = {line = 0, character = 0},
  }, function(e, result)
    answered, answer = true, e or result
  end)
  vim.wait(30000, function() return answered end, 10)
  results.missing = {answered = answered, result = answer or vim.NIL, ms = (vim.loop.hrtime() - started) / 1e6}
  -- a file outside the folder, opened
  vim.cmd('edit ' .. vim.fn.fnameescape(env('TFGRAPH_FILE')))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(bufnr, id)
  vim.wait(30000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)
  results.shown = #vim.diagnostic.get(bufnr)
  results.hover = hover(bufnr, at(bufnr, 'resource "aws_s3_bucket"'))
  vim.cmd('bwipeout')
  vim.wait(20000, function()
    for _, l in ipairs(results.logs) do
      if l:find('closed the analysis of', 1, true) then return true end
    end
    return false
  end, 50)
end

function cases.stacks()
  setup()
  local component = open(env('TFGRAPH_COMPONENT'))
  results.component_attached = attached(component) ~= nil
  results.hover = hover(component, at(component, 'component "storage"'))
  local deploy = open(env('TFGRAPH_DEPLOY'))
  results.deploy_attached = attached(deploy) ~= nil
  vim.api.nvim_buf_set_lines(deploy, -1, -1, false, {'deployment "staging" {'})
  vim.wait(30000, function() return #vim.diagnostic.get(deploy) > 0 end, 50)
  results.deploy = {}
  for _, d in ipairs(vim.diagnostic.get(deploy)) do table.insert(results.deploy, {line = d.lnum, message = d.message}) end
  local stack = open(env('TFGRAPH_STACK'))
  results.stack_attached = attached(stack) ~= nil
  vim.wait(30000, function() return #vim.diagnostic.get(stack) > 0 end, 50)
  results.stack = {}
  for _, d in ipairs(vim.diagnostic.get(stack)) do table.insert(results.stack, {line = d.lnum, message = d.message}) end
end

local ok, err = pcall(function()
  results.version = vim.version()
  local case = cases[env('TFGRAPH_CASE')]
  assert(case, 'no case ' .. env('TFGRAPH_CASE'))
  case()
end)
finish(ok and vim.NIL or tostring(err))
