import { connect } from 'node:net';

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly text: string;
}

/** Sends bytes exactly as given and reads one response (the server closes or the length is met). */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 5000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('raw request timed out'));
    }, timeoutMs);
    const tryParse = (final: boolean): boolean => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split === -1) return false;
      const [statusLine, ...headerLines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
      }
      const body = text.slice(split + 4);
      const length = headers['content-length'];
      if (!final && (length === undefined || Buffer.byteLength(body) < Number(length))) return false;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number((statusLine ?? '').split(' ')[1]), headers, body, text });
      return true;
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      tryParse(false);
    });
    socket.on('end', () => {
      if (!tryParse(true)) {
        clearTimeout(timer);
        reject(new Error('connection closed without a response'));
      }
    });
    socket.on('error', (error) => {
      if (!tryParse(true)) {
        clearTimeout(timer);
        reject(error);
      }
    });
    socket.write(request);
  });
}

/** A request line and headers joined with CRLF, ending with the blank line, plus an optional body. */
export function httpText(lines: readonly string[], body = ''): string {
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
