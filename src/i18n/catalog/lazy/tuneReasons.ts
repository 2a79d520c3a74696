// Why a tuning missed its band (src/core/tune/reasons.ts), in both languages: the English is the core's
// own REASON_TEXT (the model, the CLI and the log read it). Loaded with the words of a tuning's result
// (src/i18n/tuneText.ts), not with the first page (docs/performance.md, "First load").
import { REASON_TEXT } from '../../../core/tune/reasons.ts';

export default {
  en: { ...REASON_TEXT },
  zh: {
    'tune.reason.budget': '模拟局数预算（{budget}）已用完；找到的最接近的关卡胜率为 {est}（目标 {target} ± {tol}）',
    'tune.reason.confirm': '搜索自己的对局显示它在 {lo}–{hi} 之内（{search}），但在新对局上的确认测得 {after}；请再运行一次或放宽容差',
    'tune.reason.hardObjectiveAt': '在关卡原有的 {moves} 步下（步数不是调整项），{tier}机器人在调整项 {list} 下的胜率为 {est}：{objective} 是瓶颈（在 {share} 的失败对局中未完成）；请允许调整步数或更多调整项',
    'tune.reason.hardAt': '在关卡原有的 {moves} 步下（步数不是调整项），{tier}机器人在调整项 {list} 下的胜率为 {est}：没有剩余的调整项能让它更容易；请允许调整步数或更多调整项',
    'tune.reason.jump': '在搜索的对局中，胜率从 {m} 步时的 {a} 跳到 {m1} 步时的 {b}：没有任何步数限制落在 {lo}–{hi} 之内，其他调整项（{list}）也无法弥补；请允许更多调整项（障碍、目标数量）',
    'tune.reason.hardObjective': '即使有 {moves} 步，{tier}机器人在调整项 {list} 下的胜率也只有 {est}：{objective} 是瓶颈（在 {share} 的失败对局中未完成）',
    'tune.reason.hard': '即使有 {moves} 步，{tier}机器人在调整项 {list} 下的胜率也只有 {est}：没有剩余的调整项能让它更容易',
    'tune.reason.easy': '即使只有 {moves} 步，{tier}机器人的胜率仍有 {est}：对调整项 {list} 来说这个关卡太容易了',
    'tune.reason.bounds': '范围（{bounds}）限制了调整：范围内找到的最接近的关卡胜率为 {est}，调整项为 {list}（目标 {target} ± {tol}）；放宽范围才能走得更远',
    'tune.reason.closest': '找到的最接近的关卡胜率为 {est}，调整项为 {list}（目标 {target} ± {tol}）',
  } as Record<string, string>,
};
