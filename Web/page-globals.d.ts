// The demo page's hooks on `window` (Web/live.js), which scripts/check-web-live.py reads: the
// live app's controls and probes, and the #bench mode's results. For scripts/check-web-types.
interface Window {
  portalLive?: unknown;
  portalBench?: unknown;
}
