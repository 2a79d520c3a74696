// Issue 22's copilot words, both languages: a reply cut off, Retry, the provider's own words, and what to
// do when a local provider (Ollama, LM Studio) cannot be reached from the page (CORS). They load with the
// copilot (src/i18n/chatText.ts, ChatPanel.svelte), not with the first page.
export default {
  en: {
    'err.cors.ollama': 'Start Ollama with OLLAMA_ORIGINS set to this page’s origin (or "*"), for example: `OLLAMA_ORIGINS="*" ollama serve`',
    'err.cors.lmstudio': 'In LM Studio, open the Developer tab and turn on “Enable CORS” for the local server.',
    'chat.cutOff': 'Cut off: the reply was stopped here. The level is as it was before this request.',
    'chat.failedHere': 'The reply failed here.',
    'chat.retry': 'Retry',
    'chat.retryLabel': 'Retry: send the same request again',
    'err.providerSaid': ' The provider said: {msg}',
  },
  zh: {
    'err.cors.ollama': '启动 Ollama 时把 OLLAMA_ORIGINS 设为本页面的来源（或 "*"），例如：`OLLAMA_ORIGINS="*" ollama serve`',
    'err.cors.lmstudio': '在 LM Studio 中打开“Developer”（开发者）标签页，为本地服务器打开“Enable CORS”（启用 CORS）。',
    'chat.cutOff': '已中断：回复在此处停止。关卡保持本次请求之前的样子。',
    'chat.failedHere': '回复在此处失败。',
    'chat.retry': '重试',
    'chat.retryLabel': '重试：再次发送同一请求',
    'err.providerSaid': '服务商的原话：{msg}',
  },
};
