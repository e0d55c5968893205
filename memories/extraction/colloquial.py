"""Chat Chinese as the rules read it: Cantonese, Wu and Sichuan words, chat spellings, a statement's closing 呢.

``dialect.standard_zh`` calls ``colloquial`` on a user turn before it brings traditional characters and northern
pronouns to their standard forms:

- **Cantonese** written as spoken (Hong Kong, Guangdong): when the turn has a word only Cantonese writes (喺, 佢,
  咗, 嘅, 冇, 唔, 哋, 而家 …), its function words and everyday verbs become Mandarin ("我係香港人，喺中環返工" is
  "我是香港人，在中环上班"; "我唔食辣" is "我不吃辣"; "轉咗去觀塘" is "轉去觀塘", "我係喺銅鑼灣返工" is
  "我在铜锣湾上班");
- **Wu** (Shanghai) and **Sichuan** words, when the turn has one only they write (侬, 阿拉, 伐, 今朝, 屋里厢, 屋头,
  啥子, 咋个 …): pronouns, days, home, "not" and the question particles ("阿拉屋里厢在徐汇" is "我家里在徐汇",
  "侬好伐" is "你好吗", "我屋头在玉林" is "我家里在玉林");
- **chat spellings** of people and of common words: the pinyin initials of a partner ("npy" 对象, "lg" 老公, "lp"
  老婆, "bf" / "gf"), the homophones chat writes for them ("男票", "盆友", "麻麻"), and "木有", "肿么", "神马",
  "酱紫";
- a **closing 呢 / 嘛** on a statement the speaker makes of themselves ("我家对象是个健身教练呢") is emphasis,
  not a question, when the clause has no question word, no "you" and no "A不A": it is left out, so the
  question rules do not drop the statement ("你呢", "我该怎么办呢", "我要不要去呢" stay questions).
"""

from __future__ import annotations

import re

__all__ = ["colloquial"]

# Words only written Cantonese uses (a turn with none of them is not read as Cantonese: 系, 食, 返 are Mandarin too).
_CANTONESE = re.compile(r"喺|佢|咗|嘅|冇|唔|哋|而家|嘢|啲|睇|搵|揾|畀|屋企|係|咩|嚟|諗|谂|點解|乜|嗰|咁|"
                        r"聽日|听日|尋日|寻日|琴日")
# Longest first; (pattern, Mandarin).
_CANTONESE_WORDS: tuple[tuple[str, str], ...] = (
    (r"佢哋", "他们"), (r"我哋", "我们"), (r"你哋", "你们"), (r"唔該|唔该", "谢谢"), (r"唔好", "不要"),
    (r"唔係|唔系", "不是"),
    (r"唔使|唔駛|唔洗", "不用"), (r"聽日|听日", "明天"), (r"尋日|寻日|琴日", "昨天"), (r"邊個|边个", "谁"),
    (r"點樣|点样", "怎么样"), (r"嗰", "那"), (r"呢(?=個|个|度|啲|排|間|间)", "这"), (r"傾偈|倾偈", "聊天"),
    (r"咁", "这么"), (r"(?<=再)(?:傾|倾)", "聊"), (r"而家", "现在"), (r"屋企", "家"), (r"邊度|边度", "哪里"),
    (r"點解|点解", "为什么"),
    (r"乜嘢|咩嘢", "什么"), (r"做嘢", "工作"), (r"返工|番工", "上班"), (r"放工", "下班"), (r"返學|返学", "上学"),
    (r"(?<=[我你佢他她])(?:係|系)(?=喺)", ""), (r"咗(?=去|嚟|来|到)", ""), (r"咗", "了"), (r"佢", "他"),
    (r"喺", "在"), (r"係", "是"),
    (r"(?<=[我你他她都就也])系(?![统統列数數])", "是"), (r"唔", "不"), (r"嘅", "的"), (r"冇", "没有"),
    (r"亦", "也"), (r"啲", "些"), (r"嘢", "东西"), (r"睇", "看"), (r"搵|揾", "找"), (r"畀", "给"), (r"咩", "什么"),
    (r"嚟", "来"), (r"諗|谂", "想"), (r"鍾意|钟意", "喜欢"),
    # family words
    (r"細佬|细佬", "弟弟"), (r"細妹|细妹", "妹妹"), (r"家姐", "姐姐"), (r"老豆|老竇|老窦", "爸爸"),
    # eating and drinking: 食 / 飲 as verbs, not in 食物, 饮食, 零食 …
    (r"(?<![饮飲零美素粮糧主甜肉熟生面麵伙夥膳])食(?![物品堂材谱譜欲量疗療用指])", "吃"),
    (r"(?<![饮餐冷热熱])飲(?![食料品])", "喝"),
)
_CANTONESE_SUBS = tuple((re.compile(pattern), mandarin) for pattern, mandarin in _CANTONESE_WORDS)

# Words only Wu (Shanghai) or Sichuan speech writes; 伐 and 额 only closing a clause.
_WU_SHU = re.compile(r"侬|阿拉|今朝|明朝|屋里厢|屋头|啥子|咋个|辰光|交关|(?:伐|额)(?=$|[，,。！!？?\s~～])")
_WU_SHU_SUBS = tuple((re.compile(pattern), mandarin) for pattern, mandarin in (
    (r"阿拉", "我"), (r"侬", "你"), (r"今朝", "今天"), (r"明朝", "明天"), (r"屋里厢|屋头", "家里"), (r"啥子", "什么"),
    (r"咋个", "怎么"), (r"辰光", "时候"), (r"交关", "很"), (r"伐(?=$|[，,。！!？?\s~～])", "吗"),
    (r"额(?=$|[，,。！!？?\s~～])", "的"), (r"勿", "不")))

# Chat spellings of people and of a few common words. Pinyin initials stand alone (no Latin letter or digit next
# to them); "lg" / "lp" only in lower case (LG is a brand).
_CHAT = (
    (re.compile(r"(?<![A-Za-z0-9])(?i:npy)(?![A-Za-z0-9])"), "对象"),
    (re.compile(r"(?<![A-Za-z0-9])lg(?![A-Za-z0-9])"), "老公"),
    (re.compile(r"(?<![A-Za-z0-9])lp(?![A-Za-z0-9])"), "老婆"),
    (re.compile(r"(?<![A-Za-z0-9])(?i:bf)(?![A-Za-z0-9])"), "男朋友"),
    (re.compile(r"(?<![A-Za-z0-9])(?i:gf)(?![A-Za-z0-9])"), "女朋友"),
    (re.compile(r"男票|男盆友"), "男朋友"), (re.compile(r"女票|女盆友"), "女朋友"), (re.compile(r"盆友"), "朋友"),
    (re.compile(r"麻麻"), "妈妈"), (re.compile(r"木有"), "没有"), (re.compile(r"肿么"), "怎么"),
    (re.compile(r"神马"), "什么"), (re.compile(r"酱紫"), "这样子"), (re.compile(r"程序猿"), "程序员"),
    (re.compile(r"攻城狮"), "工程师"), (re.compile(r"单身狗"), "单身"),
    # "本人" opening a clause is the speaker ("本人考研党"), said as 我 so it is not read as a subject-less clause
    (re.compile(r"(?:^|(?<=[，,。！!？?；;\s]))本人"), "我"),
)

# A clause closed by 呢 / 嘛 (what follows: the end, punctuation or a space).
_CLOSED = re.compile(r"(?P<clause>[^，,。！!？?\s~～]+?)(?:呢|嘛)(?=$|[，,。！!\s~～])")
_SPEAKER_OPEN = re.compile(r"^(?:我|本人|咱)")
_ASKING = re.compile(r"你|您|吗|什么|怎|哪|谁|几|多少|为啥|啥|咋|是否|(.)[不没]\1|还是")


def colloquial(text: str) -> str:
    """``text`` with Cantonese, Wu and Sichuan words, chat spellings and a statement's closing particle in
    standard form (above)."""
    if _CANTONESE.search(text):
        for pattern, mandarin in _CANTONESE_SUBS:
            text = pattern.sub(mandarin, text)
    if _WU_SHU.search(text):
        for pattern, mandarin in _WU_SHU_SUBS:
            text = pattern.sub(mandarin, text)
    for pattern, standard in _CHAT:
        text = pattern.sub(standard, text)
    return _CLOSED.sub(_unclosed, text)


def _unclosed(m: re.Match[str]) -> str:
    clause = m.group("clause")
    return clause if _SPEAKER_OPEN.match(clause) and not _ASKING.search(clause) else m.group(0)
