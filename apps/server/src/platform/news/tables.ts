/** The tables platform/news owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface NewsTables {
  news: NewsTable;
}

export interface NewsTable {
  nid: string;
  /** The recipient. */
  uid: string;
  pno: string | null;
  /** invite | join | joinResult | role | task | review | system */
  news_type: string;
  /**
   * Rows before migration 0008: the text, in the recipient's language at the time. Later rows: the text in the
   * recipient's language when written, kept as a fallback; readers render `news_key` + `params` in their own.
   */
  title: string;
  content: string;
  /** A key of platform/news/catalogue.ts (null on rows written before 0008). */
  news_key: string | null;
  /** JSON parameters of `news_key`. */
  params: string | null;
  /** JSON `{ kind, id }` of the related object, opened from the message centre. */
  link: string | null;
  read_at: number | null;
  created_at: number;
}
