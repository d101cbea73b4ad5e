/** The part of compressjs (pure JavaScript bzip2) the delta generator uses. */
declare module 'compressjs' {
  export interface ByteInput {
    readByte(): number;
    read?(buf: Uint8Array, offset: number, length: number): number;
    eof?(): boolean;
    size?: number;
  }
  export interface ByteOutput {
    writeByte(byte: number): void;
    write?(buf: Uint8Array, offset: number, length: number): number;
    flush?(): void;
  }
  export const Bzip2: {
    compressFile(input: ByteInput | Uint8Array, output?: ByteOutput | null, blockSize?: number): Uint8Array;
    decompressFile(input: ByteInput | Uint8Array, output?: ByteOutput | null): Uint8Array;
  };
  const compressjs: { Bzip2: typeof Bzip2 };
  export default compressjs;
}
