import type { ImportChange, ImportSkipReason } from '@sauce/contract/account';
import type { ReportRow } from './store.ts';

/** Languages the report is written in (the web app's). */
export type ReportLanguage = 'en' | 'ko';

/** The report's words, in each language (native wording, not word for word). */
const WORDS = {
  en: {
    header: ['#', 'Outcome', 'Why', 'Title', 'Link', 'Folder in the file'],
    skipped: 'Not imported',
    changed: 'Imported with changes',
    reasons: {
      duplicate: 'Already in the space',
      merged: 'The same link again in the file: its folders and tags were added to the first one',
      limit: "The space reached the plan's limit of sources",
      invalidLink: 'Not a web (http or https) link',
      empty: 'No link and no text',
      fileMissing: 'A file (image, PDF) the export does not include',
      invalidImage: 'Its images are missing or unreadable',
    } satisfies Record<ImportSkipReason, string>,
    change: (c: ImportChange): string => {
      switch (c.code) {
        case 'titleCut':
          return `Title cut to ${c.length} characters`;
        case 'textCut':
          return `Note cut to ${c.length.toLocaleString('en')} characters`;
        case 'tagCleaned':
          return `Tag '${c.from}' became '${c.to}' (letters and digits only)`;
        case 'tagDropped':
          return c.why === 'overFive' ? `Tag '${c.tag}' left out (5 tags at most)` : `Tag '${c.tag}' left out (no letter or digit Sauce keeps)`;
        case 'dateDropped':
          return `Date '${c.value}' left out (before 1990, in the future or unreadable): dated from the import`;
        case 'folderRenamed':
          return `Folder '${c.from}' is named '${c.to}' (15 characters at most)`;
        case 'folderNotCreated':
          return `Folder '${c.folder}' not created (the plan's folders are all used)`;
        case 'imageReencoded':
          return 'Image stored anew (its file carried private data or was not a kept format)';
      }
    },
  },
  ko: {
    header: ['#', '결과', '이유', '제목', '링크', '파일 속 폴더'],
    skipped: '가져오지 않음',
    changed: '바꿔서 가져옴',
    reasons: {
      duplicate: '스페이스에 이미 있어요',
      merged: '파일에 같은 링크가 또 있어요. 폴더와 태그는 처음 것에 더했어요',
      limit: '스페이스가 요금제의 소스 수 한도에 닿았어요',
      invalidLink: '웹(http, https) 링크가 아니에요',
      empty: '링크도 글도 없어요',
      fileMissing: '내보내기 파일에 없는 파일(이미지, PDF)이에요',
      invalidImage: '이미지가 없거나 읽을 수 없어요',
    } satisfies Record<ImportSkipReason, string>,
    change: (c: ImportChange): string => {
      switch (c.code) {
        case 'titleCut':
          return `제목을 ${c.length}자로 줄였어요`;
        case 'textCut':
          return `메모를 ${c.length.toLocaleString('ko')}자로 줄였어요`;
        case 'tagCleaned':
          return `태그 '${c.from}'을(를) '${c.to}'(으)로 바꿨어요 (글자와 숫자만 쓸 수 있어요)`;
        case 'tagDropped':
          return c.why === 'overFive' ? `태그 '${c.tag}'은(는) 뺐어요 (태그는 5개까지예요)` : `태그 '${c.tag}'은(는) 뺐어요 (쓸 수 있는 글자나 숫자가 없어요)`;
        case 'dateDropped':
          return `날짜 '${c.value}'은(는) 쓰지 않았어요 (1990년 전, 미래, 또는 읽을 수 없음). 가져온 날짜로 저장했어요`;
        case 'folderRenamed':
          return `폴더 '${c.from}'의 이름을 '${c.to}'(으)로 정했어요 (15자까지예요)`;
        case 'folderNotCreated':
          return `폴더 '${c.folder}'은(는) 만들지 않았어요 (요금제의 폴더를 모두 썼어요)`;
        case 'imageReencoded':
          return '이미지를 새로 저장했어요 (개인 정보가 담겼거나 그대로 둘 수 없는 형식이에요)';
      }
    },
  },
} as const;

/**
 * One CSV cell (RFC 4180: quoted when it holds a comma, quote or line break; quotes
 * doubled). A cell that a spreadsheet would run as a formula (starting with =, +, -, @, a
 * tab or a carriage return: bookmark titles are anyone's text) is written with a leading
 * apostrophe, OWASP's advice against CSV injection.
 */
export function csvCell(value: string | number | null): string {
  let s = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * An import's report as CSV (issue #22 item 2: every entry not imported, or imported with a
 * change, and why), UTF-8 with a byte order mark so spreadsheet programs read Korean right:
 * its number in the file, the outcome, why (each change on a line of its own in the cell),
 * its title, link and folder in the file. Written a page of rows at a time.
 */
export async function* reportCsv(rows: AsyncIterable<ReportRow[]>, lang: ReportLanguage): AsyncGenerator<string> {
  const w = WORDS[lang];
  yield `\uFEFF${csvLine([...w.header])}`;
  for await (const page of rows) {
    yield page
      .map((r) =>
        csvLine([
          r.position + 1,
          r.imported ? w.changed : w.skipped,
          r.imported ? (r.details ?? []).map(w.change).join('\n') : w.reasons[r.reason as ImportSkipReason],
          r.title,
          r.url,
          r.folder,
        ]),
      )
      .join('');
  }
}
