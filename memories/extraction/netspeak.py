"""Chinese internet reactions, for the offline extractor's filler screen (``information.filler``): a finished
memory made only of them says nothing a reader can find later ("用户破防了家人们", "yyds！！这个回答绝绝子",
"笑死用户了 8过说真的你好聪明").

What is set aside: the speakers' names; the reaction words of Chinese chat as a class (laughing: 笑死, 哈哈,
hhh, xswl; praise: yyds, 绝绝子, 牛, 666, 太顶了, 泰酷辣, and the dialects' 巴适, 安逸, 得劲, 整挺好; dismay and
shock: 破防, 裂开, 麻了, 无语, 绷不住, 蚌埠住, 栓Q, 芭比Q, 救命, 离谱, 社死, emo, 我哭死, 好家伙, 服了, 谢谢你啊 as
irony, 真的会谢; asking for sympathy or calling the crowd: 谁懂啊, 家人们, 姐妹们, 兄弟们, 集美们, 老铁); the
fillers around them (说真的, 真的, 不过 and its 8过, emm, 啊/了/吧…); and praise of the listener or their answer
("你好聪明", "这个回答"); cheering oneself on (冲冲冲, 加油鸭, 奥利给, 打工人).
When nothing is left, the memory is a reaction only; a memory with anything else ("破防了 我家砂糖橘冻坏了一半")
is kept.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["reaction_only"]

_REACTIONS = re.compile(
    r"(?i)笑死(?:了|我了|人了)?|笑不活了|哈{2,}|h{3,}|x{1,2}swl|awsl|yyds|绝绝子|泰酷辣|太顶了|牛[啊哇逼批]*|6{2,}|"
    r"破大防|破防|裂开|麻了|无语子?|绷不住|蚌埠住|栓q|芭比q|救命|离谱|社死|emo|我?哭死|好家伙|服了|真的会谢|"
    r"谁懂啊?|(?:家人|姐妹|兄弟|集美|宝子|朋友)们|老铁们?|铁子们?|巴适(?:得板|得很)?|安逸|得劲|整挺好|嘎嘎[好香]|夺笋|大无语|雀食|确实|绝了|爱了|"
    r"冲{2,}|冲鸭|加油鸭?|奥利给|干就完了|芜湖|打工人|打工魂|人上人")
_FILLERS = re.compile(r"(?i)说真的|真的|其实|不过|8过|emm+|嗯+|呜+|啊|呀|吧|了|哦|呢|嘛|哇|呵|嘿|的|我|都|太|好|很|"
                      r"这个回答|你的回答|这回答|回答|你(?:也|真|好|太)?(?:聪明|厉害|棒|强|牛|神)(?:了|啊)?|"
                      r"[\s\W_]")


def reaction_only(content: str, names: Sequence[str] = ()) -> bool:
    """Whether a finished Chinese memory is made only of chat reactions (module docstring)."""
    for name in sorted((n for n in (*names, "用户") if n), key=len, reverse=True):
        content = content.replace(name, "")
    if not _REACTIONS.search(content):
        return False
    return not _FILLERS.sub("", _REACTIONS.sub("", content))
