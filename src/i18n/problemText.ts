// Validation messages from the registry and the level schema, in Chinese, for messages that carry no
// key of their own (problemWords.ts words those that do). The rest of a message (field names, tool
// names, values) is kept as it is: the designer needs to recognise them.
import { i18n } from './index.svelte.ts';
import { elementLabel } from './elementLabel.ts';

const ZH: [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  [/must be (\d+)\.\.(\d+) characters/g, '必须是 $1..$2 个字符'],
  [/must be 1 \(the only version this studio reads\)/g, '必须是 1（本工作室只读取这个版本）'],
  [/must be 1 or 2 \(the versions this studio reads\)/g, '必须是 1 或 2（本工作室读取的版本）'],
  [/must be a string/g, '必须是字符串'],
  [/^not valid JSON: /g, '不是有效的 JSON：'],
  [/^unknown fields? /g, '未知字段 '],
  [/must be an integer from (\S+) to (\S+)/g, '必须是 $1 到 $2 之间的整数'],
  [/must be a number from (\S+) to (\S+)/g, '必须是 $1 到 $2 之间的数'],
  [/must be (-?\d+)\.\.(-?\d+)/g, '必须在 $1..$2 之间'],
  [/must be one of ([^;.]+)/g, '必须是以下之一：$1'],
  [/must be true or false/g, '必须是 true 或 false'],
  [/is required|Required|required/g, '必填'],
  [/no such command\. Type \/help for the list\./g, '没有这个命令。输入 /help 查看列表。'],
  [/too many values \(it takes ([^)]*)\)/g, '值太多（它接受 $1）'],
  [/the JSON arguments are not valid \(([^)]*)\)/g, 'JSON 参数无效（$1）'],
  [/the JSON arguments must be an object/g, 'JSON 参数必须是一个对象'],
  [/ ?\(the board is (\d+) wide\)/g, '（棋盘宽 $1 格）'],
  [/ ?\(the board is (\d+) high\)/g, '（棋盘高 $1 格）'],
  [/ ?\(the level has (\d+) objectives?\)/g, '（关卡有 $1 个目标）'],
  [/only allowed with tile "([^"]+)"/g, (_, id: string) => `只能用于${elementLabel(id)}（tile "${id}"）`],
  [/required for a collect objective \(one of ([^)]*)\)/g, '收集目标必须指定（可选：$1）'],
  [/the level already has 4 objectives, the most allowed/g, '关卡已有 4 个目标，已达上限'],
  [/a level needs at least one objective/g, '关卡至少需要一个目标'],
  [/analysis is not available yet/g, '分析功能尚不可用'],
  [/arguments must be a JSON object/g, '参数必须是 JSON 对象'],
  [/unknown tool "([^"]+)"\. Available tools: /g, '未知工具 "$1"。可用工具：'],
  [/outside the board/g, '超出棋盘'],
  [/unknown parameter/g, '未知参数'],
];

/** A validation or refusal message in the designer's language (English stays as it is). */
export function problemText(msg: string): string {
  if (i18n.locale !== 'zh') return msg;
  return ZH.reduce((s, [re, zh]) => (typeof zh === 'string' ? s.replace(re, zh) : s.replace(re, zh)), msg);
}
