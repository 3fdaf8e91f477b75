// http_ece (the reference implementation of RFC 8188, by its author) ships no types: what push-service.mjs uses.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  const ece: {
    decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: Buffer | string }): Buffer;
  };
  export default ece;
}
