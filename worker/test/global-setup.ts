// Placeholder replaced when the speech engine is wired in: starts nothing yet.
export default function setup() {}
