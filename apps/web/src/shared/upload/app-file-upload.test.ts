import { Status } from '@keel/contract/status';
import { describe, expect, it } from 'vitest';
import { readUploadAnswer, UploadRefused } from './app-file-upload';

describe('app file upload answers', () => {
  it('answers the file on status 0', () => {
    const data = { fid: 'f', url: '/u', kind: 'image', name: 'a.png', size: 1, sha256: 'x', apk: null };
    expect(readUploadAnswer(200, 'OK', JSON.stringify({ status: 0, msg: '', data }))).toEqual(data);
  });

  it('refuses with the server’s message as it came (already in the reader’s language)', () => {
    const answer = readUploadAnswer(
      200,
      'OK',
      JSON.stringify({
        status: Status.invalidInput,
        msg: '文件“x.apk”不是有效的 APK：压缩包已损坏或不完整',
        data: null,
      }),
    );
    expect(answer).toBeInstanceOf(UploadRefused);
    expect((answer as UploadRefused).message).toBe('文件“x.apk”不是有效的 APK：压缩包已损坏或不完整');
    expect((answer as UploadRefused).status).toBe(Status.invalidInput);
  });

  it('refuses an HTTP failure or an answer that is no envelope with the client’s text', () => {
    const http = readUploadAnswer(413, 'Payload Too Large', '');
    expect(http).toBeInstanceOf(UploadRefused);
    expect((http as UploadRefused).status).toBe(0);
    expect(readUploadAnswer(200, 'OK', '<html>')).toBeInstanceOf(UploadRefused);
    expect(readUploadAnswer(200, 'OK', '{"msg":"x"}')).toBeInstanceOf(UploadRefused);
  });
});
