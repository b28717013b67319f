-- tfgraph's language server (`tfgraph lsp`) in Neovim 0.7 and later: attaches to Terraform and OpenTofu
-- files and Terraform Stacks' files (by name, so `.tofu` and `.tfcomponent.hcl` files need no filetype),
-- with one client per root directory. The root is
-- the nearest directory upwards with a `.git`; without one, the nearest with a `.terraform` directory or
-- a `.terraform.lock.hcl` (a root module that was initialised, so a shared module below it is analysed
-- with its callers); else the file's own directory.
--
--   require('tfgraph').setup()                                   -- tfgraph on the PATH
--   require('tfgraph').setup({cmd = {'npx', 'tfgraph', 'lsp', '--stdio'}})
--   require('tfgraph').setup({state = 'terraform.tfstate'})  -- a state file, relative to the root directory
--
-- Neovim 0.8 and later start the client with vim.lsp.start (which reuses it for the same root); 0.7 has
-- no vim.lsp.start and gets vim.lsp.start_client and vim.lsp.buf_attach_client instead.
local M = {}

-- Terraform Stacks' files too: components (and the deprecated .tfstack.hcl) and deployments.
M.patterns = {
  '*.tf', '*.tofu', '*.tf.json', '*.tofu.json', '*.tfquery.hcl', '*.tfquery.json',
  '*.tfcomponent.hcl', '*.tfcomponent.json', '*.tfstack.hcl', '*.tfstack.json', '*.tfdeploy.hcl',
}

local function exists(p)
  return vim.loop.fs_stat(p) ~= nil
end

-- The nearest directory from `dir` upwards that holds one of `names`.
local function nearest(dir, names)
  while true do
    for _, n in ipairs(names) do
      if exists(dir .. '/' .. n) then return dir end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then return nil end
    dir = parent
  end
end

function M.root_dir(file)
  local dir = vim.fn.fnamemodify(file, ':p:h')
  return nearest(dir, {'.git'}) or nearest(dir, {'.terraform', '.terraform.lock.hcl'}) or dir
end

-- Neovim 0.7: the client started for each root.
local started = {}

-- Starts (or reuses) the client for the buffer's root and attaches the buffer; returns the client id.
function M.attach(bufnr, opts)
  local file = vim.api.nvim_buf_get_name(bufnr)
  if file == '' then return nil end
  local config = {name = 'tfgraph', cmd = opts.cmd, root_dir = M.root_dir(file)}
  -- the state file (relative to the root directory): read by the server, never written
  if opts.state then config.init_options = {state = opts.state} end
  -- <C-x><C-o> completes provider references
  if vim.bo[bufnr].omnifunc == '' then vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc' end
  if vim.lsp.start then
    return vim.lsp.start(config, {bufnr = bufnr})
  end
  local id = started[config.root_dir]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client(config)
    started[config.root_dir] = id
  end
  if id then vim.lsp.buf_attach_client(bufnr, id) end
  return id
end

function M.setup(opts)
  opts = vim.tbl_extend('keep', opts or {}, {cmd = {'tfgraph', 'lsp', '--stdio'}})
  local group = vim.api.nvim_create_augroup('tfgraph', {clear = true})
  vim.api.nvim_create_autocmd({'BufReadPost', 'BufNewFile'}, {
    group = group,
    pattern = M.patterns,
    callback = function(args) M.attach(args.buf, opts) end,
  })
end

return M
