// The table page's state: where the page is (its game and token), what it holds (the live view,
// the log, the replay, the plugin) and the few readers every part of the page shares (the view
// shown, the rule set's words for a value, a seat's colour and name, an action described).
//
// It is a module of its own so that the page's parts (the status bar and pieces panel in
// panels.js, the decision panel in decision.js, the log in log.js, and table.js, which ties them
// to the server) read one state and one board without importing each other.

import { $ } from "/static/kit.js";
import { makeBoard } from "/static/board.js";

const SEAT_COLOURS = { red: "#e53935", blue: "#1e88e5", yellow: "#fdd835", green: "#43a047", black: "#212121", white: "#fafafa", purple: "#8e24aa", orange: "#fb8c00" };
const PALETTE = ["#e53935", "#1e88e5", "#fdd835", "#43a047", "#8e24aa", "#fb8c00", "#00acc1", "#6d4c41"];

// ====================================================================== where we are

const params = new URLSearchParams(location.search);
export const TOKEN = params.get("token") || "";
export const GAME = decodeURIComponent(location.pathname.replace(/\/+$/, "").split("/").pop());
// ?forms=generic: every prompt through the generic forms, even where the plugin has its own (to try a rule set's legal answers)
export const GENERIC_FORMS = params.get("forms") === "generic";

export const S = {
  live: null, // the latest live view (the log is kept apart, in S.log)
  log: [], // every event received, in order
  since: 0, // the next event number to ask for
  replay: null, // the spectator view of an earlier step, while replaying
  options: null, // the rule options in force (from the setup event)
  selected: null, // the log entry highlighted on the table
  promptKey: null, // the prompt the decision panel was drawn for
  busy: false,
  loaded: false,
  ws: null,
  retry: 0,
  multiSeat: false, // a hotseat link: the seat it speaks for changes
  handedTo: null, // at a hotseat: the seat that has said it is at the screen
  plugin: null, // the rule set's plugin (what its script's register() returned), or null
  words: {}, // the rule set's words for the values its page shows, by category
};

export const shown = () => S.replay || S.live;
export const shownLog = () => (S.replay ? S.replay.log : S.log);
export const hook = (name) => (S.plugin && typeof S.plugin[name] === "function" ? S.plugin[name] : null);

// the table drawn to scale (board.js): one for the page
export const B = makeBoard($("#board"));

// ====================================================================== words and colours

export function seatColour(seat) {
  if (SEAT_COLOURS[seat]) return SEAT_COLOURS[seat];
  const seats = Object.keys(S.live?.seats || {});
  const i = Math.max(0, seats.indexOf(seat));
  return PALETTE[i % PALETTE.length];
}

export function who(seat) {
  const spec = S.live?.seats?.[seat];
  const p = spec?.player;
  return p && p !== "human" ? `${seat} (${spec.label || p} AI)` : seat; // a level in the rule set's words
}

// the rule set's words for a value it shows, else the value made readable
export function label(category, value) {
  return S.words?.[category]?.[value] ?? String(value).replaceAll("-", " ").replaceAll("_", " ");
}

export function describeAction(a) {
  return hook("describe")?.(a) ?? JSON.stringify(a);
}
