// Shared pieces of the two OpenHands event generations: finding the event list in the containers
// OpenHands writes (a trajectory export array, eval `output.jsonl` records with `history`, JSON
// Lines), and the "context" record kept for events that are plumbing rather than agent behaviour.
import type { SourceDocument } from "./types";
import { asArray, asObj, idString, isObj, str, type Obj } from "./agent-log-utils";

/** One run's events plus the eval record around them, when there is one. */
export interface EventRun {
  events: Obj[];
  record?: Obj;
  /** Where the run came from, for issues: "$", "$.history", or a JSONL line. */
  path: string;
}

// V0 names the event type in a string `action` / `observation`; V1 has an object `action` and a `kind`.
const isV0Event = (e: unknown) => isObj(e) && (typeof e.action === "string" || typeof e.observation === "string") && ("id" in e || "source" in e);
const isV1Event = (e: unknown) => isObj(e) && typeof e.kind === "string" && /(?:Event|Observation|Condensation|Request)$/.test(e.kind);

export function isOpenHandsEvent(value: unknown): boolean {
  return isV0Event(value) || isV1Event(value);
}

export function isV1(events: Obj[]): boolean {
  return events.some(isV1Event) && !events.some(isV0Event);
}

function eventsOf(value: unknown): Obj[] | undefined {
  if (Array.isArray(value)) return value.some(isOpenHandsEvent) ? value.filter(isObj) : undefined;
  const record = asObj(value);
  if (!record) return undefined;
  for (const key of ["history", "events", "trajectory"]) {
    const list = asArray(record[key]);
    if (list.some(isOpenHandsEvent)) return list.filter(isObj);
  }
  return isOpenHandsEvent(record) ? [record] : undefined; // a single V1 event-*.json file
}

/** The runs in a document: one per export / eval record; a JSONL of bare events is one run. */
export function findEventRuns(doc: SourceDocument): EventRun[] {
  if (doc.jsonl) {
    const values = doc.jsonl.map((l) => l.value);
    if (values.every((v) => isOpenHandsEvent(v))) return [{ events: values.filter(isObj), path: "$" }];
    return doc.jsonl.flatMap(({ value, line }) => {
      const events = Array.isArray(value) || !isOpenHandsEvent(value) ? eventsOf(value) : undefined;
      return events ? [{ events, record: Array.isArray(value) ? undefined : asObj(value), path: `line ${line}` }] : [];
    });
  }
  const events = eventsOf(doc.json);
  if (!events) return [];
  const wrapped = isObj(doc.json) && !isOpenHandsEvent(doc.json);
  return [{ events, record: wrapped ? (doc.json as Obj) : undefined, path: wrapped ? "$.history" : "$" }];
}

/** A compact note about a plumbing event (recall, state change, condensation) kept in metadata. */
export interface ContextNote {
  id?: string;
  type: string;
  text?: string;
}

export function contextNote(event: Obj, type: string, text?: string): ContextNote {
  const note: ContextNote = { type };
  const id = idString(event.id);
  if (id) note.id = id;
  const short = str(text)?.slice(0, 300);
  if (short) note.text = short;
  return note;
}
