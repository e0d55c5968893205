"""Kinship and role words, to a canonical English key shared by both languages ("我表哥" and "my cousin" are one
role): the people machinery reads them (``memories.write.people``), and the lexical text indexes each with its role
(``role_word``; docs/recall.md, "Role words")."""

from __future__ import annotations

import functools

# Longest first when matched (``people``).
KIN_ZH: dict[str, str] = {
    "爸爸": "father", "父亲": "father", "老爸": "father", "爸": "father", "妈妈": "mother", "母亲": "mother",
    "老妈": "mother", "妈": "mother", "哥哥": "brother", "弟弟": "brother", "姐姐": "sister", "妹妹": "sister",
    "哥": "brother", "弟": "brother", "姐": "sister", "妹": "sister", "儿子": "son", "女儿": "daughter",
    "孩子": "child", "老婆": "wife", "妻子": "wife", "太太": "wife", "爱人": "spouse", "老公": "husband",
    "丈夫": "husband", "先生": "husband", "男朋友": "boyfriend", "女朋友": "girlfriend", "男友": "boyfriend",
    "女友": "girlfriend", "未婚妻": "fiancee", "未婚夫": "fiance", "爷爷": "grandfather", "奶奶": "grandmother",
    "外公": "grandfather", "外婆": "grandmother", "姥姥": "grandmother", "姥爷": "grandfather",
    "祖父": "grandfather", "祖母": "grandmother", "孙子": "grandson", "孙女": "granddaughter",
    "外孙": "grandson", "外孙女": "granddaughter", "叔叔": "uncle", "伯伯": "uncle", "伯父": "uncle",
    "舅舅": "uncle", "姑父": "uncle", "姨父": "uncle", "阿姨": "aunt", "姑姑": "aunt", "姨妈": "aunt",
    "舅妈": "aunt", "婶婶": "aunt", "表哥": "cousin", "表弟": "cousin", "表姐": "cousin", "表妹": "cousin",
    "堂哥": "cousin", "堂弟": "cousin", "堂姐": "cousin", "堂妹": "cousin", "侄子": "nephew", "外甥": "nephew",
    "侄女": "niece", "外甥女": "niece", "岳父": "father-in-law", "岳母": "mother-in-law", "公公": "father-in-law",
    "婆婆": "mother-in-law", "嫂子": "sister-in-law", "弟媳": "sister-in-law", "姐夫": "brother-in-law",
    "妹夫": "brother-in-law", "上司": "boss", "老板": "boss", "领导": "boss", "上级": "boss", "经理": "manager",
    "主管": "manager", "下属": "subordinate", "部下": "subordinate", "手下": "subordinate", "同事": "colleague",
    "同学": "classmate", "室友": "roommate", "舍友": "roommate", "邻居": "neighbour", "朋友": "friend",
    "好朋友": "friend", "闺蜜": "best friend", "好友": "friend", "导师": "advisor", "老师": "teacher",
    "师傅": "mentor", "徒弟": "apprentice", "助理": "assistant", "秘书": "secretary", "客户": "client",
    "合伙人": "partner", "搭档": "partner", "医生": "doctor", "房东": "landlord", "教练": "coach",
    "姨": "aunt", "小姨": "aunt", "大姨": "aunt", "表姨": "aunt", "舅": "uncle", "大舅": "uncle", "小舅": "uncle",
    "表舅": "uncle", "叔": "uncle", "发小": "friend", "老同学": "classmate", "同桌": "classmate", "师父": "mentor",
    "学长": "classmate", "学姐": "classmate", "学弟": "classmate", "学妹": "classmate", "战友": "friend",
    "闺女": "daughter", "老伴": "spouse", "媳妇": "wife", "女婿": "son-in-law", "儿媳": "daughter-in-law",
    "儿媳妇": "daughter-in-law", "大宝": "child", "二宝": "child", "三宝": "child", "大娃": "child", "二娃": "child",
    "双胞胎": "child", "龙凤胎": "child", "三胞胎": "child", "养子": "son", "养女": "daughter", "继子": "son",
    "继女": "daughter", "娃": "child", "小孩": "child", "宝宝": "child",
}
KIN_EN: dict[str, str] = {
    "father": "father", "dad": "father", "mother": "mother", "mom": "mother", "mum": "mother",
    "brother": "brother", "sister": "sister", "son": "son", "daughter": "daughter", "kid": "child",
    "child": "child", "wife": "wife", "husband": "husband", "spouse": "spouse", "partner": "partner",
    "boyfriend": "boyfriend", "girlfriend": "girlfriend", "fiance": "fiance", "fiancé": "fiance",
    "fiancee": "fiancee", "fiancée": "fiancee", "grandfather": "grandfather", "grandpa": "grandfather",
    "grandmother": "grandmother", "grandma": "grandmother", "grandson": "grandson",
    "granddaughter": "granddaughter", "uncle": "uncle", "aunt": "aunt", "auntie": "aunt", "cousin": "cousin",
    "nephew": "nephew", "niece": "niece", "father-in-law": "father-in-law", "mother-in-law": "mother-in-law",
    "sister-in-law": "sister-in-law", "brother-in-law": "brother-in-law", "boss": "boss", "manager": "manager",
    "supervisor": "boss", "subordinate": "subordinate", "report": "subordinate", "colleague": "colleague",
    "coworker": "colleague", "co-worker": "colleague", "classmate": "classmate", "roommate": "roommate",
    "flatmate": "roommate", "neighbour": "neighbour", "neighbor": "neighbour", "friend": "friend",
    "best friend": "best friend", "advisor": "advisor", "mentor": "mentor", "teacher": "teacher",
    "assistant": "assistant", "secretary": "secretary", "client": "client", "doctor": "doctor",
    "therapist": "therapist", "landlord": "landlord", "coach": "coach", "ex": "ex", "stepmother": "mother",
    "stepfather": "father", "stepson": "son", "stepdaughter": "daughter", "twin": "twin",
}

# Roles whose Chinese words name different people (舅舅 and 叔叔 are both "uncle", 哥哥 and 弟弟 both "brother"): a
# memory's word is indexed with the role, so an English question finds it, but a Chinese question's word is not
# widened to the others. 先生 ("Mr") is no role of its own.
_ROLES_NOT_WIDENED = frozenset({"uncle", "aunt", "cousin", "brother", "sister", "grandfather", "grandmother",
                                "grandson", "granddaughter", "nephew", "niece", "classmate", "friend", "partner"})
_NOT_ROLE_WORDS = frozenset({"先生", "report"})
# Chinese kinship words that name the same person ("我爸" and "我父亲").
KIN_ZH_SAME = {"爸": "爸爸", "父亲": "爸爸", "老爸": "爸爸", "妈": "妈妈", "母亲": "妈妈", "老妈": "妈妈", "哥": "哥哥",
               "弟": "弟弟", "姐": "姐姐", "妹": "妹妹", "妻子": "老婆", "太太": "老婆", "丈夫": "老公", "先生": "老公",
               "男友": "男朋友", "女友": "女朋友", "老板": "上司", "领导": "上司", "上级": "上司", "部下": "下属",
               "手下": "下属", "舍友": "室友", "好朋友": "朋友", "好友": "朋友", "姥姥": "外婆", "姥爷": "外公",
               "师父": "师傅"}


def zh_kin_subject(word: str) -> str:
    """A Chinese kinship word as a slot's subject: its role when the role is one person ("我老婆", "我妻子" →
    ``~wife``), else the word as said (synonyms as one), since 表姐 and 堂弟, 舅舅 and 叔叔 are other people though
    one English role: ``~表姐``, ``~堂弟``."""
    role = KIN_ZH[word]
    return f"~{KIN_ZH_SAME.get(word, word)}" if role in _ROLES_NOT_WIDENED else f"~{role}"


@functools.cache
def _role_words() -> dict[str, str]:
    return {word: role for word, role in (*KIN_ZH.items(), *KIN_EN.items())
            if role.isalpha() and role != word and word not in _NOT_ROLE_WORDS}


def role_word(word: str, *, query: bool = False) -> str:
    """The role a kinship or role word names, as one English word shared by both languages (``KIN_ZH``,
    ``KIN_EN``): 老婆, 妻子, 太太 → wife, mom → mother, 同事 → colleague; "" for any other word or a word that is
    its own role. So "用户的妻子做什么工作？" and "What does the user's wife do?" share a word with "我老婆是护士"
    (docs/recall.md, "Role words"). In a Chinese query, a role whose Chinese words name different people is not
    added (舅舅 does not find 叔叔)."""
    roles = _role_words()
    role = roles.get(word) or (roles.get(word[:-1], "") if word.endswith("s") and word.isascii() else "")
    if query and role in _ROLES_NOT_WIDENED and not word.isascii():
        return ""
    return role
