import { MAX_UPLOAD_BYTES } from "@verbatim/shared/upload";
import { expect, test } from "vitest";
import { isVideo, keepsVideo, worthCompressing } from "./validation";

const MB = 1024 * 1024;

test("a compressed video keeps its picture when the media route can hold it (500MB), not beyond", () => {
  expect(keepsVideo({ name: "call.mp4", type: "video/mp4", size: 80 * MB })).toBe(true);
  expect(keepsVideo({ name: "call.mov", type: "", size: MAX_UPLOAD_BYTES })).toBe(true);
  expect(keepsVideo({ name: "all-hands.mp4", type: "video/mp4", size: MAX_UPLOAD_BYTES + 1 })).toBe(false);
  expect(keepsVideo({ name: "call.m4a", type: "audio/mp4", size: 80 * MB })).toBe(false);
});

test("a video is told by its type, else by its extension", () => {
  expect(isVideo({ name: "x.webm", type: "video/webm" })).toBe(true);
  expect(isVideo({ name: "x.webm", type: "audio/webm" })).toBe(false);
  expect(isVideo({ name: "x.avi", type: "" })).toBe(true);
  expect(worthCompressing({ name: "x.mp4", type: "video/mp4", size: 1 })).toBe(true);
  expect(worthCompressing({ name: "x.mp3", type: "audio/mpeg", size: 1 })).toBe(false);
});
