"""Courtesies put as statements, for the offline extractor's filler screen (``information.filler``).

Between two named speakers a reply is often only politeness: a promise to keep in touch ("Ana will let Ben know how
it goes", "Ana will keep that in mind"), a gratitude for the other's support ("Ben told Ana that Ana's support
means a lot"), a praise of the other's qualities or a forecast of their success ("Ana told Ben that Ben has got
guts", "… that Ben's hard work will pay off", "… that Ben must have been thrilled"), an eagerness or a certainty
with nothing named ("Ana can't wait to see it", "Ana knew Ben would be on board", "Ana has no doubt they'll love
it"), an agreement ("Ana feels the same way", "Ana told Ben that Ben is right"), an opening ("Ana hasn't talked to
Ben in a while") or a pledge to look at what was shown ("Ana will add it to Ana's list"). Read alone later, none
tells a reader anything about either person: docs/extraction.md's junk rule calls them thanks, compliments and pep
talk.
A line that names something particular is kept when the pattern allows it ("Ana can't wait to start at the
bakery in May"). Chinese, the same kinds as said (the speaker's name leads the memory): "你的鼓励对我意义很大",
"我会告诉你结果的", "我也有同感", "你以后一定是个很棒的教练".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_NAME = r"[A-Z][\w'’-]*"
_REALLY = r"(?:(?:so|really|truly|totally|definitely|sure|surely|just|always|still)\s+)*"
#: Courtesies whatever they name: keeping the other posted, gratitude for their support, praise of their grit.
_ALWAYS = re.compile(
    rf"^{_NAME} will {_REALLY}keep (?:that|this|it|those|these) in mind\b"
    rf"|^{_NAME} told {_NAME} that {_NAME} (?:will|'ll) {_REALLY}(?:have to keep {_NAME} posted|be the first to know)"
    rf"|^{_NAME} told {_NAME} that {_NAME}'s (?:\w+ )?(?:support|encouragement|belief|faith|backing|words|friendship"
    rf"|pep-talk|pep talk|kind words|help|offer|advice|kindness)(?:\s+(?:and|&)\s+\w+)?(?: in {_NAME})? {_REALLY}"
    rf"(?:means?|meant|motivates?|inspires?|keeps? {_NAME}|is (?:a |such a )?(?:real |big |huge )?(?:boost|help))\b"
    rf"|^{_NAME} told ({_NAME}) that \1 (?:has|have) {_REALLY}got (?:so much |tons of |lots of |a lot of |the right )?"
    rf"(?:guts|drive|talent|skills?|potential|attitude|this|what it takes)\b"
    rf"|^{_NAME} told {_NAME} that .{{0,40}}\bmust(?:'ve| have)? {_REALLY}(?:been|feel|felt|be|love)\b"
    rf"|^{_NAME} told {_NAME} that .{{0,40}}\b(?:will|'ll) {_REALLY}(?:pay off|kill it|do great|rock it)"
    rf"|^{_NAME} told ({_NAME}) that \2 (?:will|'ll) be (?:a|an) (?:great|awesome|amazing|wonderful|fantastic)"
    rf" \w+(?: \w+){{0,2}}\W*$"
    rf"|^{_NAME} (?:totally |completely )?(?:agrees?|feels the same)\b"
    rf"|^{_NAME} is right\b|^{_NAME} told ({_NAME}) that \3 is (?:so |totally |absolutely )?right\b"
    rf"|^{_NAME} told {_NAME} that {_NAME} bets\b|^{_NAME} (?:knew|knows) {_NAME} (?:would|will|can)\b"
    rf"|^{_NAME} has no doubt\b"
    # a conversation's opening and a pledge to look at what was shown: greetings and acknowledgements
    rf"|^{_NAME}(?: and others)? (?:hasn't|has not|haven't) (?:talked|spoken|chatted|caught up)"
    rf"(?: (?:to|with) {_NAME})? (?:in|for) (?:a while|a bit|a few days|ages|so long|a long time|a couple of days"
    rf"|a week|weeks|days|forever)\W*$"
    rf"|^{_NAME} will {_REALLY}(?:add|put) (?:it|that|this|them|those|these) (?:to|on) {_NAME}'s (?:\w+ )?list\W*$")
#: Eagerness, pride, keeping the other posted: courtesies unless they name something particular ("can't wait to
#: start at the bakery", "will let Ben know how the interview at the clinic goes").
_UNLESS_NAMED = re.compile(rf"^{_NAME} (?:can't|cannot|can not) wait\b|^{_NAME} is (?:so |really )?proud of {_NAME}\b"
                           rf"|^{_NAME} will {_REALLY}(?:let {_NAME} know|keep {_NAME} posted|be the first to know)\b")


def courtesy(content: str) -> str | None:
    """Whether a finished English memory is only a courtesy between the speakers (module docstring): None when
    it is not, "" when it is whatever it names, else the words that must name something particular for it to be
    kept (``information.specific``)."""
    if _ALWAYS.match(content):
        return ""
    eager = _UNLESS_NAMED.match(content)
    return content[eager.end():] if eager else None


#: Chinese courtesies, on the memory with the speaker's name put back as 我: gratitude for the other's support,
#: keeping them posted, agreeing, a forecast of their success.
_ZH = re.compile(r"^(?:我)?(?:也|真的|确实|就)?(?:"
                 r"你(?:们)?的(?:鼓励|支持|信任|帮助|理解|陪伴|关心|肯定|话|建议)[^。！!，,]{0,8}"
                 r"(?:意义(?:很|非常|特别)?(?:大|重大)|(?:很|非常|特别|真的)(?:重要|暖心|有用|受用)"
                 r"|给了[^。！!]{0,6}(?:动力|力量|信心|勇气))"
                 r"|给了我(?:很大的|很多|好多)?(?:动力|力量|信心|勇气)"
                 r"|(?:到时候|回头|之后|改天|[\u4e00-\u9fff]{1,4}(?:完|后|以后|之后))?我?(?:会)?(?:随时|第一时间)?"
                 r"(?:告诉|通知|跟|和)你(?:说|讲)?(?:结果|进展|情况|一声)?的?"
                 r"|(?:也)?(?:有同感|深有同感|这么觉得|这么想|同意你)"
                 # an opening or a closing: "随便聊聊", "不用客气", "明天再聊" (the day already a date), "回头再说"
                 r"|(?:就是|就)?(?:随便|随意)(?:聊聊|聊|看看|看|问问|问)(?:吧|而已)?"
                 r"|(?:不用|不必|别|不要)(?:这么)?客气|(?:\d{4}年\d{1,2}月\d{1,2}日|改天|回头|下次|晚点|有空)?再(?:聊|说|谈)(?:吧|哈|啦|喔|哦)?"
                 r"|(?:知道|相信)你(?:一定|肯定)?(?:能行|可以|行)"
                 r"|你(?:以后|将来|这次|下次)?(?:一定|肯定)(?:会|能|是)[^。！!，,]{0,4}(?:成功|行|很棒|很厉害|不错|好)的?"
                 r"[^。！!，,]{0,4}"
                 r")[。！!~～]*$")


def zh_courtesy(content: str, names: Sequence[str] = ()) -> bool:
    """Whether a finished Chinese memory is only a courtesy between the speakers (``_ZH``)."""
    for name in sorted((n for n in (*names, "用户") if n), key=len, reverse=True):
        content = content.replace(name, "我")
    return bool(_ZH.match(content))
