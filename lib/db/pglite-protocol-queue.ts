// A fix for @electric-sql/pglite-socket's query queue (0.2.x), which multiplexes every client
// connection onto PGlite's single session. It queues protocol *messages*, so outside a transaction
// the extended-query messages of two connections interleave — Parse(A), Parse(B), Bind(A) — and
// A binds to B's unnamed statement ("bind message supplies 3 parameters, but prepared statement
// requires 2"), or worse, gets B's rows. It also stops draining the queue after one failed message.
// Here a connection keeps the session from its first message until its Sync / Query / Terminate,
// and a failure rejects only that message.

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

interface QueueInternals {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: {
    isInTransaction(): boolean;
    runExclusive<T>(fn: () => Promise<T>): Promise<T>;
    execProtocolRawStream(message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }): Promise<void>;
  };
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

/** Startup messages have no type byte (they begin with a length whose first byte is 0). */
function endsSequence(message: Uint8Array): boolean {
  const type = message[0];
  return type === SYNC || type === QUERY || type === TERMINATE || type === 0;
}

export function serializeProtocolSequences(queryQueue: unknown): void {
  const queue = queryQueue as QueueInternals;
  let sequenceOwner: number | null = null;
  const originalClear = queue.clearQueueForHandler.bind(queue);

  queue.processQueue = async function processQueue(this: QueueInternals) {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        // Inside a transaction the session belongs to the connection that opened it (as upstream).
        const owner = this.db.isInTransaction() && this.lastHandlerId !== null ? this.lastHandlerId : sequenceOwner;
        const index = owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === owner);
        if (index === -1) break; // wait for the owner's next message; its enqueue restarts the loop
        const item = this.queue.splice(index, 1)[0]!;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          sequenceOwner = null;
          item.reject(error);
          continue;
        }
        this.lastHandlerId = item.handlerId;
        sequenceOwner = endsSequence(item.message) ? null : item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };

  queue.clearQueueForHandler = (handlerId: number) => {
    originalClear(handlerId);
    if (sequenceOwner === handlerId) {
      sequenceOwner = null;
      void queue.processQueue();
    }
  };
}
