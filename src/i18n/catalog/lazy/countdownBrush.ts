// The strings of the palette's countdown field (CountdownField.svelte): a coloured piece's own countdown
// on the tile brush, both languages; they load with it, the first time a brush counts down (issue 41).
export default {
  en: {
    'brush.countdown': 'Countdown',
    'brush.countdownTitle': 'Moves this piece has before the level is lost (1..{max}; {max} is the element’s own)',
  },
  zh: {
    'brush.countdown': '倒计时',
    'brush.countdownTitle': '此棋子在关卡失败前剩余的步数（1..{max}；{max} 为该元素自身的倒计时）',
  },
};
