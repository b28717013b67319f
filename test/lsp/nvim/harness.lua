-- Shared by the Lua scripts the Neovim tests run (test/lsp/neovim*.test.ts): reading the environment the
-- test sets, and writing what a script saw as JSON to $TFGRAPH_OUT before quitting Neovim.
local M = {}

function M.env(name)
  local v = os.getenv(name)
  assert(v, name .. ' is not set')
  return v
end

-- The script's results (starting as `initial`) and the function that writes them (with the error, if
-- any) and quits.
function M.start(initial)
  local out = M.env('TFGRAPH_OUT')
  local results = initial or {}
  local function finish(err)
    results.error = err
    local f = assert(io.open(out, 'w'))
    f:write(vim.fn.json_encode(results))
    f:close()
    vim.cmd('qa!')
  end
  return results, finish
end

return M
