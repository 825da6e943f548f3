/**
 * The API client's transport for uploads: XMLHttpRequest, because fetch cannot report upload progress. It only sends
 * and answers; the token, the 401 path and the error shape are the API client's (`http-client.ts`).
 */
export type XhrUpload = {
  method: string;
  url: string;
  token: string | null;
  body: Blob;
  contentType: string;
  timeoutMs: number;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
};

export type XhrAnswer = { status: number; json(): Promise<unknown> };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function sendWithXhr(request: XMLHttpRequest, upload: XhrUpload): Promise<XhrAnswer> {
  const { signal } = upload;
  return new Promise<XhrAnswer>((resolve, reject) => {
    request.open(upload.method, upload.url);
    request.timeout = upload.timeoutMs;
    request.setRequestHeader("Content-Type", upload.contentType);
    request.setRequestHeader("Accept", "application/json");
    if (upload.token !== null) request.setRequestHeader("Authorization", `Bearer ${upload.token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) upload.onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseJson(request.responseText);
      resolve({ status: request.status, json: () => Promise.resolve(body) });
    };
    request.onerror = () => reject(new Error("The upload failed: check your connection."));
    request.ontimeout = () => reject(new Error("The upload took too long."));
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(upload.body);
  });
}
