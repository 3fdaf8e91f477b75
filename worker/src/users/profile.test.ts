import { env } from "cloudflare:test";
import {
  apiErrorSchema,
  profileImageResponseSchema,
  profileUpdateResponseSchema,
  publicUserSchema,
} from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";

const putProfile = (cookie: string, json: unknown) => api("/api/user/profile", { method: "PUT", cookie, json });

// Real 1×1 images: the API looks at the bytes, not just the declared type.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);
const GIF = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (ch) => ch.charCodeAt(0));
const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

function upload(cookie: string | undefined, bytes: Uint8Array | string, type: string, name = "me.png") {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  return api("/api/user/profile/upload-image", { method: "POST", cookie, body: form });
}
const message = async (res: Response) => (await readJson(res, apiErrorSchema)).message;

describe("PUT /api/user/profile", () => {
  it("saves the profile and answers {message, user}", async () => {
    const { user, cookie } = await signUp();
    const res = await putProfile(cookie, {
      full_name: "  Ada Lovelace ",
      email: "Ada.Lovelace@Example.com",
      company: "Analytical Engines",
      job_title: "",
    });
    expect(res.status).toBe(200);
    const body = await readJson(res, profileUpdateResponseSchema);
    expect(body.message).toBe("Profile updated successfully");
    expect(body.user).toMatchObject({
      id: user.id,
      full_name: "Ada Lovelace",
      email: "ada.lovelace@example.com",
      company: "Analytical Engines",
      job_title: null,
    });
    expect(body.user).not.toHaveProperty("password");
    const me = await readJson(await api("/api/user", { cookie }), publicUserSchema);
    expect(me.full_name).toBe("Ada Lovelace");
  });

  it("lets the user keep their own e-mail and omit company and job title", async () => {
    const { user, cookie } = await signUp();
    const res = await putProfile(cookie, { full_name: "Jo", email: `${user.username}@example.com` });
    expect(res.status).toBe(200);
    expect((await readJson(res, profileUpdateResponseSchema)).user).toMatchObject({ company: null, job_title: null });
  });

  it.each([
    [{ full_name: "A", email: "a@example.com" }, "Name must be at least 2 characters"],
    [{ full_name: "   ", email: "a@example.com" }, "Name must be at least 2 characters"],
    [{ email: "a@example.com" }, "Name must be at least 2 characters"],
    [{ full_name: "Alan", email: "alan-at-example" }, "Invalid email address"],
    [{ full_name: "Alan" }, "Invalid email address"],
  ])("refuses %j with the spec's message", async (body, expected) => {
    const { cookie } = await signUp();
    const res = await putProfile(cookie, body);
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(expected);
  });

  it("refuses an e-mail another account uses, whatever the case, with 409", async () => {
    const taken = await signUp();
    const { cookie } = await signUp();
    const res = await putProfile(cookie, {
      full_name: "Copy Cat",
      email: `${taken.user.username.toUpperCase()}@EXAMPLE.COM`,
    });
    expect(res.status).toBe(409);
    expect(await message(res)).toBe("Email already registered");
  });

  it("needs a session", async () => {
    expect((await putProfile("", { full_name: "Nobody", email: "n@example.com" })).status).toBe(401);
  });
});

describe("profile picture", () => {
  it("stores the image, points profile_picture at it and serves it back privately", async () => {
    const { user, cookie } = await signUp();
    const res = await upload(cookie, PNG, "image/png");
    expect(res.status).toBe(200);
    const body = await readJson(res, profileImageResponseSchema);
    expect(body.profilePictureUrl).toMatch(/^\/api\/user\/profile-image\/[0-9a-f-]{36}\.png$/);
    expect(body.user.profile_picture).toBe(body.profilePictureUrl);

    const file = body.profilePictureUrl.split("/").pop();
    expect(await env.MEDIA.head(`users/${user.id}/profile/${file}`)).not.toBeNull();

    const image = await api(body.profilePictureUrl, { cookie });
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("Cache-Control")).toMatch(/^private/);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
  });

  it("replaces the previous picture and deletes its file", async () => {
    const { user, cookie } = await signUp();
    const first = (await readJson(await upload(cookie, PNG, "image/png"), profileImageResponseSchema))
      .profilePictureUrl;
    const second = await upload(cookie, GIF, "image/gif", "me.gif");
    expect(second.status).toBe(200);
    const url = (await readJson(second, profileImageResponseSchema)).profilePictureUrl;
    expect(url).toMatch(/\.gif$/);
    expect((await api(first, { cookie })).status).toBe(404);
    expect(await env.MEDIA.head(`users/${user.id}/profile/${first.split("/").pop()}`)).toBeNull();
    const listed = await env.MEDIA.list({ prefix: `users/${user.id}/profile/` });
    expect(listed.objects).toHaveLength(1);
  });

  it("stores what the bytes are, not what the name claims (a PNG named .jpg)", async () => {
    const { cookie } = await signUp();
    const res = await upload(cookie, PNG, "image/jpeg", "me.jpg");
    expect(res.status).toBe(200);
    const url = (await readJson(res, profileImageResponseSchema)).profilePictureUrl;
    expect(url).toMatch(/\.png$/);
    expect((await api(url, { cookie })).headers.get("Content-Type")).toBe("image/png");
  });

  it("accepts a JPEG", async () => {
    const { cookie } = await signUp();
    const jpeg = new Uint8Array(64);
    jpeg.set(JPEG_HEAD);
    const res = await upload(cookie, jpeg, "image/jpeg", "me.jpeg");
    expect(res.status).toBe(200);
    expect((await readJson(res, profileImageResponseSchema)).profilePictureUrl).toMatch(/\.jpg$/);
  });

  it.each([
    ["a declared non-image type", "<svg xmlns='http://www.w3.org/2000/svg'/>", "image/svg+xml"],
    ["a WebP", "RIFF\0\0\0\0WEBPVP8 ", "image/webp"],
    ["HTML disguised as a PNG", "<html><script>alert(1)</script></html>", "image/png"],
  ])("refuses %s with 415 and the spec's message", async (_what, bytes, type) => {
    const { user, cookie } = await signUp();
    const res = await upload(cookie, bytes, type);
    expect(res.status).toBe(415);
    expect(await message(res)).toBe("Please upload a JPG, PNG, or GIF image.");
    expect((await env.MEDIA.list({ prefix: `users/${user.id}/` })).objects).toHaveLength(0);
  });

  it("refuses an image over 5 MB with 413, whether just over or far over", async () => {
    const { cookie } = await signUp();
    for (const size of [5 * 1024 * 1024 + 1, 8 * 1024 * 1024]) {
      const big = new Uint8Array(size);
      big.set(PNG.subarray(0, 8));
      const res = await upload(cookie, big, "image/png");
      expect(res.status).toBe(413);
      expect(await message(res)).toBe("Image must be less than 5MB.");
    }
    const me = await readJson(await api("/api/user", { cookie }), publicUserSchema);
    expect(me.profile_picture).toBeNull();
  });

  it("accepts exactly 5 MB", async () => {
    const { cookie } = await signUp();
    const limit = new Uint8Array(5 * 1024 * 1024);
    limit.set(PNG.subarray(0, 8));
    expect((await upload(cookie, limit, "image/png")).status).toBe(200);
  });

  it("refuses an empty file or a form without a file with 400", async () => {
    const { cookie } = await signUp();
    const empty = await upload(cookie, new Uint8Array(0), "image/png");
    expect(empty.status).toBe(400);
    expect(await message(empty)).toBe("Please choose a non-empty image.");
    const form = new FormData();
    form.append("other", "x");
    const none = await api("/api/user/profile/upload-image", { method: "POST", cookie, body: form });
    expect(none.status).toBe(400);
    expect(await message(none)).toBe("No file uploaded");
  });

  it("never serves one user's picture to another, nor to a visitor", async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const url = (await readJson(await upload(owner.cookie, PNG, "image/png"), profileImageResponseSchema))
      .profilePictureUrl;
    expect((await api(url, { cookie: stranger.cookie })).status).toBe(404);
    expect((await api(url)).status).toBe(401);
    expect((await upload(undefined, PNG, "image/png")).status).toBe(401);
  });

  it("answers 404 for names the API never issues (no path tricks)", async () => {
    const { cookie } = await signUp();
    for (const name of ["..%2F..%2Fsecrets.png", "not-a-uuid.png", "00000000-0000-4000-8000-000000000000.svg"]) {
      expect((await api(`/api/user/profile-image/${name}`, { cookie })).status).toBe(404);
    }
  });
});
