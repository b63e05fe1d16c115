import type { IncomingMessage } from "node:http";

/** Calls `onBlock` with each event of an event-stream response (the text between blank lines), as it arrives. */
export function onEventBlocks(res: IncomingMessage, onBlock: (block: string) => void) {
  let buffer = "";
  res.setEncoding("utf8");
  res.on("data", (chunk: string) => {
    buffer += chunk;
    let at: number;
    while ((at = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      onBlock(block);
    }
  });
}
