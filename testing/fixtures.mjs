// @ts-check
// Where the recordings and texts the tests and benchmarks use live: test-fixtures/ at the repository's root
// (sources and licences in test-fixtures/README.md). Found from this package's place in the checkout, so no
// consumer counts its own way up to the root.
import { fileURLToPath } from "node:url";

/** The fixtures folder, with a trailing slash. */
export const FIXTURES = fileURLToPath(new URL("../test-fixtures/", import.meta.url));

/**
 * The absolute path of a fixture, e.g. fixture("audio/jfk.mp3").
 * @param {string} path under test-fixtures/
 */
export const fixture = (path) => `${FIXTURES}${path}`;
