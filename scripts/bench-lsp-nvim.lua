-- Run by scripts/bench-lsp-nvim.mjs in headless Neovim (0.7.2, Debian's): Neovim's own LSP client drives
-- `tfgraph lsp` on $BENCH_WS with $BENCH_FILE open. After $BENCH_WARM edits one after another (each waits
-- for its diagnostics), $BENCH_BURST edits are made at once (each sets the alias of a provider block
-- appended to the file, as scripts/bench-lsp.mjs's edits do), then hovers are asked one after another until
-- the diagnostics naming the burst's last edit arrive. Neovim sends the changes as it always does: with
-- `debounce_text_changes` ($BENCH_DEBOUNCE ms; 150 is Neovim 0.7's default) pending changes go out together
-- when the timer fires or when a request is made; with 0 each edit is sent at once. Each hover is timed in
-- Neovim, from the request made (the pending changes flushed in front of it) to its answer handled.
-- Writes what it measured as JSON to $BENCH_OUT, then quits.
local function env(name)
  local v = os.getenv(name)
  assert(v, name .. ' is not set')
  return v
end

local results = {hovers = {}}
local function finish(err)
  results.error = err or vim.NIL
  local f = assert(io.open(env('BENCH_OUT'), 'w'))
  f:write(vim.fn.json_encode(results))
  f:close()
  vim.cmd('qa!')
end

local hrtime = vim.loop.hrtime
local function since(t) return (hrtime() - t) / 1e6 end

local ok, err = pcall(function()
  local file = env('BENCH_FILE')
  local uri = vim.uri_from_fname(file)
  local debounce = tonumber(env('BENCH_DEBOUNCE'))
  local burst = tonumber(env('BENCH_BURST'))
  local warm = tonumber(env('BENCH_WARM'))

  -- when a publish first names each edit's alias (before Neovim's own handling of it)
  local named = {}
  local published = 0
  local publish = vim.lsp.handlers['textDocument/publishDiagnostics']
  vim.lsp.handlers['textDocument/publishDiagnostics'] = function(e, result, ctx, config)
    if result.uri == uri then
      published = published + 1
      local now = hrtime()
      for _, d in ipairs(result.diagnostics) do
        for marker in d.message:gmatch('"(%a+%d+)"') do
          if named[marker] == nil then named[marker] = now end
        end
      end
    end
    return publish(e, result, ctx, config)
  end
  local analysed = false
  local progress = vim.lsp.handlers['$/progress']
  vim.lsp.handlers['$/progress'] = function(e, result, ctx, config)
    if type(result.value) == 'table' and result.value.kind == 'end' then analysed = true end
    if progress then return progress(e, result, ctx, config) end
  end

  local started = hrtime()
  local id = vim.lsp.start_client({
    name = 'tfgraph',
    cmd = {env('TFGRAPH_NODE'), env('TFGRAPH_BIN'), 'lsp', '--stdio'},
    root_dir = env('BENCH_WS'),
    flags = {debounce_text_changes = debounce},
  })
  assert(id, 'the client did not start')
  local client
  assert(vim.wait(60000, function()
    client = vim.lsp.get_client_by_id(id)
    return client ~= nil and client.initialized == true
  end, 5), 'the server did not initialize')
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(bufnr, id)
  assert(vim.wait(120000, function() return published > 0 and analysed end, 5), 'no first analysis')
  results.firstAnalysis = since(started)

  -- hover targets: the file's resource, data and module headers (on the type's first letter)
  local targets = {}
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  for i, l in ipairs(lines) do
    if l:match('^resource "') or l:match('^data "') or l:match('^module "') then
      table.insert(targets, {line = i - 1, character = l:find('"') + 1})
    end
  end
  assert(#targets > 0, 'no hover targets in ' .. file)

  -- the provider block every edit renames (its alias line)
  local n = #lines
  vim.api.nvim_buf_set_lines(bufnr, n, n, false, {'', 'provider "google" {', '  alias = "start0"', '}'})
  local aliasLine = n + 2
  local function rename(marker)
    vim.api.nvim_buf_set_lines(bufnr, aliasLine, aliasLine + 1, false, {'  alias = "' .. marker .. '"'})
  end
  local function wait(marker, ms)
    assert(vim.wait(ms, function() return named[marker] ~= nil end, 1), 'no diagnostics named ' .. marker)
  end
  wait('start0', 30000)
  results.warm = {}
  for i = 0, warm - 1 do
    local marker = 'warm' .. i
    local t = hrtime()
    rename(marker)
    wait(marker, 30000)
    table.insert(results.warm, (named[marker] - t) / 1e6)
  end

  -- Neovim's own part of a hover: the pending changes encoded and written in front of it
  local notified = 0
  local notify = client.notify
  client.notify = function(method, params)
    local t = hrtime()
    local r = notify(method, params)
    notified = notified + (hrtime() - t)
    return r
  end
  results.flushed = {}
  local function hover(target)
    local answered
    notified = 0
    local t = hrtime()
    client.request('textDocument/hover', {textDocument = {uri = uri}, position = target}, function()
      answered = hrtime()
    end, bufnr)
    local flushed = notified / 1e6
    assert(vim.wait(30000, function() return answered ~= nil end, 1), 'a hover had no answer')
    table.insert(results.flushed, flushed)
    return (answered - t) / 1e6
  end

  for i = 0, burst - 1 do rename('burst' .. i) end
  local sent = hrtime()
  local last = 'burst' .. (burst - 1)
  local i = 0
  while named[last] == nil and i < 10000 do
    table.insert(results.hovers, hover(targets[i % #targets + 1]))
    i = i + 1
  end
  wait(last, 30000)
  results.lastDiagnostics = (named[last] - sent) / 1e6
  results.version = vim.version()
  vim.lsp.stop_client(id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(id) == nil end, 10)
end)
if ok then
  finish(nil)
else
  finish(tostring(err))
end
