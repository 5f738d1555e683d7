import { formatBytes } from "@/lib/trajectory/normalize/content";

type SelectedFilesProps = {
  files: File[];
  maxFileBytes: number;
  onRemove: (index: number) => void;
  onClear: () => void;
};

/** The files picked for the next upload, each removable; too-large files are flagged before sending. */
export function SelectedFiles({ files, maxFileBytes, onRemove, onClear }: SelectedFilesProps) {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <div className="rounded-lg border border-zinc-200 bg-white" data-testid="selected-files">
      <div className="flex items-center justify-between border-b border-zinc-100 px-3 py-1.5 text-xs text-zinc-500">
        <span>
          {files.length} {files.length === 1 ? "file" : "files"} · {formatBytes(total)}
        </span>
        <button type="button" onClick={onClear} className="font-medium text-zinc-600 hover:text-zinc-900">
          Clear all
        </button>
      </div>
      <ul className="max-h-56 divide-y divide-zinc-100 overflow-y-auto">
        {files.map((file, i) => {
          const isTooLarge = !file.name.toLowerCase().endsWith(".zip") && file.size > maxFileBytes;
          return (
            <li key={`${file.name}-${i}`} className="flex items-center gap-3 px-3 py-1.5 text-sm">
              <span className="min-w-0 flex-1 truncate font-mono text-xs" title={file.name}>{file.name}</span>
              {isTooLarge ? <span className="text-xs text-red-700">over the {formatBytes(maxFileBytes)} limit — it will fail</span> : null}
              <span className="text-xs text-zinc-400 tabular-nums">{formatBytes(file.size)}</span>
              <button type="button" onClick={() => onRemove(i)} aria-label={`Remove ${file.name}`} className="rounded px-1 text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700">
                ×
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
