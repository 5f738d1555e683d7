// One multipart POST for the whole batch, through XMLHttpRequest because fetch() cannot report
// upload progress; the NDJSON response is read while it streams (one line per finished file).
import { createLineReader, parseStreamLine, type UploadStreamLine } from "./upload-stream";

export interface UploadCallbacks {
  onUploadProgress: (loaded: number, total: number) => void;
  onLine: (line: UploadStreamLine) => void;
}

export type UploadEnd =
  | { kind: "finished" }
  | { kind: "http-error"; message: string }
  | { kind: "network-error"; message: string }
  | { kind: "aborted" };

export function sendUpload({ url, files, callbacks }: { url: string; files: File[]; callbacks: UploadCallbacks }) {
  const xhr = new XMLHttpRequest();
  const reader = createLineReader();
  const body = new FormData();
  for (const file of files) body.append("file", file, file.name);

  const isStreaming = () => xhr.status >= 200 && xhr.status < 300;
  const drain = (isFinal: boolean) => {
    if (!isStreaming()) return;
    for (const text of reader.read(xhr.responseText, isFinal)) callbacks.onLine(parseStreamLine(text));
  };

  const done = new Promise<UploadEnd>((resolve) => {
    xhr.upload.onprogress = (event) => callbacks.onUploadProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.upload.onload = () => callbacks.onUploadProgress(1, 1);
    xhr.onprogress = () => drain(false);
    xhr.onload = () => {
      if (isStreaming()) {
        drain(true);
        resolve({ kind: "finished" });
      } else {
        resolve({ kind: "http-error", message: errorMessage(xhr) });
      }
    };
    xhr.onerror = () =>
      resolve({ kind: "network-error", message: "The upload did not reach the server, or the connection dropped. Check that Debrief is running and try again." });
    xhr.onabort = () => resolve({ kind: "aborted" });
  });

  xhr.open("POST", url);
  xhr.setRequestHeader("Accept", "application/x-ndjson");
  xhr.send(body);
  return { done, abort: () => xhr.abort() };
}

function errorMessage(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: { message?: string } };
    if (body.error?.message) return `${body.error.message} (HTTP ${xhr.status})`;
  } catch {
    // not JSON: a proxy or crash page
  }
  if (xhr.status === 413) return "The server refused the upload as too large (HTTP 413). Upload fewer or smaller files at a time.";
  return `The server answered HTTP ${xhr.status}${xhr.statusText ? ` ${xhr.statusText}` : ""}; nothing was imported.`;
}
