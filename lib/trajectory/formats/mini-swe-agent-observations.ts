// What mini-swe-agent said back after an action, across its observation templates: v1
// `<returncode>N</returncode><output>…</output>` (or the long-output head/tail variant), v1.1 tool
// JSON `{returncode, output}` (or `output_head`/`output_tail`), forks' "[exit code N]" suffix, the
// structured `extra.returncode/raw_output` newer versions add, and the harness's format-error and
// timeout messages, which are not command output at all.
import { contentToText } from "../normalize/content";
import { decodeJsonString } from "../normalize/json-args";
import { asObj, isoTimestamp, num, str, unixNewlines, type Obj } from "./agent-log-utils";

export interface CommandResult {
  /** result: a command ran; format_error / timeout: harness complaints; other: anything else (e.g. the submitted patch). */
  kind: "result" | "format_error" | "timeout" | "other";
  output: string;
  returncode?: number;
  /** mini-swe-agent's `exception_info` (the command could not run). */
  exception?: string;
  timestamp?: string;
}

const FORMAT_ERROR = /Please always provide EXACTLY ONE action|found \d+ actions?\b|^Tool call error:|No tool calls found in the response|^Unknown tool '/m;
const TIMEOUT = /timed out and has been killed/;
const RETURNCODE = /<returncode>\s*(-?\d+)\s*<\/returncode>/;
const EXIT_CODE_SUFFIX = /\n?\[exit code (-?\d+)\]\s*$/;

/** Output of the JSON template, re-joining the head/tail split of long outputs. */
function jsonOutput(json: Obj): string {
  if (typeof json.output === "string") return json.output;
  const head = str(json.output_head) ?? "";
  const tail = str(json.output_tail) ?? "";
  const elided = num(json.elided_chars);
  return `${head}\n… [${elided ?? "some"} characters elided] …\n${tail}`;
}

/** The text between <output> tags, or everything after the return code (long-output warning variant). */
function taggedOutput(text: string, afterReturnCode: number): string {
  const tagged = /<output>\n?([\s\S]*?)\n?<\/output>/.exec(text);
  return tagged ? tagged[1]! : text.slice(afterReturnCode).trim();
}

export function readCommandResult(message: Obj): CommandResult {
  const text = unixNewlines(contentToText(message.content));
  const extra = asObj(message.extra) ?? {};
  const timestamp = isoTimestamp(extra.timestamp);
  const interrupt = str(extra.interrupt_type) ?? "";
  if (interrupt === "FormatError") return { kind: "format_error", output: text, timestamp };
  if (/Timeout/i.test(interrupt)) return { kind: "timeout", output: text, timestamp };
  const exception = str(extra.exception_info);

  const json = asObj(decodeJsonString(text.trim(), 1));
  if (json && "returncode" in json) {
    return { kind: "result", output: jsonOutput(json), returncode: num(json.returncode), exception: str(json.exception_info) ?? exception, timestamp };
  }
  const tagged = RETURNCODE.exec(text);
  if (tagged) return { kind: "result", output: taggedOutput(text, tagged.index + tagged[0].length), returncode: Number(tagged[1]), exception, timestamp };
  const suffix = EXIT_CODE_SUFFIX.exec(text);
  if (suffix) return { kind: "result", output: text.slice(0, suffix.index), returncode: Number(suffix[1]), exception, timestamp };
  const returncode = num(extra.returncode);
  if (returncode !== undefined) {
    return { kind: "result", output: typeof extra.raw_output === "string" ? unixNewlines(extra.raw_output) : text, returncode, exception, timestamp };
  }
  // Older files have no interrupt_type: recognise the harness templates by their wording, last,
  // so command output that happens to quote them is still read as output above.
  if (FORMAT_ERROR.test(text)) return { kind: "format_error", output: text, timestamp };
  if (TIMEOUT.test(text)) return { kind: "timeout", output: text, timestamp };
  return { kind: "other", output: text, timestamp };
}
