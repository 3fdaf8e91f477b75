// Tests import text fixtures with Vite's `?raw` suffix (workerd cannot read files at run time).
declare module "*.txt?raw" {
  const text: string;
  export default text;
}
declare module "*.rttm?raw" {
  const text: string;
  export default text;
}
