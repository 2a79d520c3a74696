// Strings about an API key that was not sent (issue 23): the provider error for a 401/403 to a request
// that carried no key, and the key request that follows it. In the first load (the error comes from
// the client, which adds no catalogue part). Two exports, one per language (docs/performance.md).
export const en: Record<string, string> = {
  'key.refused': '{provider} asks for an API key ({status}), and none was sent: this provider has no key in this browser. Paste it to send your message.',
  'err.noKeySent': '{provider} asks for an API key ({status}) and none was sent. Paste the key in Settings.',
};

export const zh: Record<string, string> = {
  'key.refused': '{provider} 需要 API 密钥（{status}），但没有发送任何密钥：此浏览器中没有该提供方的密钥。粘贴密钥即可发送你的消息。',
  'err.noKeySent': '{provider} 需要 API 密钥（{status}），但没有发送任何密钥。请在设置中粘贴密钥。',
};
