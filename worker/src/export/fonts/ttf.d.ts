// Wrangler's `Data` module rule (and the Node test project's plugin) turn a .ttf import into its bytes.
declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}
