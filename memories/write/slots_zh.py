"""Chinese statements' slots (``memories.write.slots``): their subjects and the rules that read each attribute."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from jieba import posseg

from memories.write.people import COMPOUND_SURNAMES, KIN_ZH, SURNAMES, ZH_NOT_NAMES, chinese_names
from memories.write.roles import zh_kin_subject
from memories.write.slot_values import (
    CAR_NAMES_ZH,
    DATE_ZH,
    EDUCATION_ZH,
    EVENTS_ZH,
    KIN_ZH_ALT,
    MEATS_ZH,
    OCCUPATIONS_ZH,
    SELF,
    ZH_NUM,
    Slot,
    date_value,
    digits_of,
    plain_value,
    subject_kin,
    zh_number,
)
from memories.write.slots_amounts import zh_amounts
from memories.write.slots_daily import zh_daily
from memories.write.slots_hair import zh_hair
from memories.write.slots_licence import zh_licence
from memories.write.slots_plans import zh_plans
from memories.write.slots_records import zh_records
from memories.write.slots_shifts import zh_workdays
from memories.write.slots_states import zh_states
from memories.write.slots_status import zh_status
from memories.write.slots_zh_belong import zh_belong
from memories.write.slots_zh_change import zh_changes
from memories.write.slots_zh_dose import zh_dose
from memories.write.slots_zh_home import zh_home
from memories.write.slots_zh_levels import zh_dates, zh_floor, zh_levels, zh_pets, zh_routines, zh_tastes
from memories.write.slots_zh_lives import zh_lives
from memories.write.slots_zh_more import zh_more
from memories.write.slots_zh_switch import zh_switches
from memories.write.text import has_cjk

# 用户等人: the extractor's "we"; a household (我家) is the speaker's
_ZH_SELF = ("我们", "我", "用户等人", "用户", "本人", "自己", "我们家", "我家", "用户家", "我们全家", "我全家", "全家",
            "用户全家", "用户的全家", "我们一家", "用户一家")
_ZH_ADVERBS = (r"(?:现在|目前|如今|最近|今年|已经|刚刚|刚|还|仍然|依然|也|都|则|又|一直|正在|马上|即将|将|会|要|就|"
               r"早就|后来|去年|前年|上个月|这个月|从去年起|从今年起|从上个月开始|从下个月起|下个月|年初|年底|上周|上星期|"
               r"前几天|前段时间|昨天|今天|这周|本月|终于|正式|直接|那一?周|那天|那个月|自从|这次|这回|"
               # a time the extractor resolved ("上个月搬到上海" is kept as "用户2026年11月搬到上海了")
               # a weekend or week said around it: "2026年6月13日那个周末", "…日那一周", "…日（周一）"
               r"\d{4}年(?:\d{1,2}月)?(?:\d{1,2}日)?(?:[春夏秋冬]天|上半年|下半年)?(?:左右)?(?:那个?周末|那一?周)?"
               r"|[（(]周[一二三四五六日天][）)]|上上周末|上周末|那个?周末)*")


#: Before a move's verb, what makes it not (yet) one: intent, the future, a condition, a negation ("要搬到",
#: "打算搬去", "还没搬到", "如果搬到"): such a clause fills no current city (it would retire the one the person
#: still has). The extractor's states (``states.py``) read it too. Settling is another rule: "打算定居厦门了" is a
#: decision taken, and fills the city.
ZH_NOT_DONE = re.compile(r"要|将|会|打算|准备|计划|想|希望|考虑|可能|也许|或许|快|即将|没|不|别|如果|要是|万一"
                         r"|下(?:个|一)?(?:月|周|星期|礼拜)|明年|明天|后天|以后|将来|年底|月底")


def zh_subject(phrase: str, speaker: str) -> str | None:
    phrase = phrase.strip(" ，,、：:").removesuffix("的")
    phrase = re.sub(r"^(?:另外|还有|而且|对了|其实|据说|听说|记住|请记住|注意)[，,]?", "", phrase)
    if phrase in _ZH_SELF:
        return speaker
    kin = re.fullmatch(rf"(?:我们?|用户|本人)的?(?:那个|这个|那位|这位)?{_ZH_KIN_QUALIFIER}?"
                       rf"(?:大|小|二|三|亲|前|新|老)?({KIN_ZH_ALT})(.*)",
                       phrase)
    if kin:
        rest = kin.group(2).strip("，, ")
        if not rest:
            return zh_kin_subject(kin.group(1))
        return rest if _zh_name(rest) else None
    return phrase if _zh_name(phrase) else None


# Where the speaker knows a person from, before the kinship word: "我大学室友", "我高中同学", "我公司同事"
_ZH_KIN_QUALIFIER = "(?:大学|高中|初中|小学|研究生|读研时的?|读书时的?|以前的?|公司的?|单位的?|部门的?)"


def _zh_name(word: str) -> bool:
    if not 2 <= len(word) <= 4 or word in ZH_NOT_NAMES or not all("\u4e00" <= ch <= "\u9fff" for ch in word) \
            or any(ch in "是的了" for ch in word[1:]):
        return False
    if word[:2] in COMPOUND_SURNAMES:
        return len(word) >= 3
    if word[0] in SURNAMES and len(word) <= 3:
        return True
    return len(word) == 2 and word[0] in "小老阿"  # 小王, 老李, 阿明


# --------------------------------------------------------------------------- Chinese statements

_ZS = r"(?P<subj>[^，。,；;！!？?\s]{1,12}?)"
_ZV = r"(?P<value>[^，。,；;！!？?\s]{1,20}?)"
_ZEND = r"(?=$|[，。,；;！!？?\s]|了|啦|呢|吧|啊)"
_OCC_ZH_ALT = "|".join(sorted(map(re.escape, OCCUPATIONS_ZH), key=len, reverse=True))
_ZH_CITY_NAMES = (
    "北京 上海 天津 重庆 广州 深圳 杭州 南京 苏州 成都 武汉 西安 长沙 郑州 青岛 大连 厦门 宁波 济南 沈阳 哈尔滨 "
    "长春 福州 合肥 昆明 南宁 贵阳 兰州 太原 石家庄 南昌 海口 三亚 珠海 佛山 东莞 无锡 常州 温州 香港 澳门 "
    "台北 拉萨 乌鲁木齐 呼和浩特 银川 西宁 烟台 泉州 绍兴 嘉兴 扬州 徐州")
_ZH_CITIES = frozenset(_ZH_CITY_NAMES.split())


def _zh_rules() -> list[tuple[str, re.Pattern[str]]]:
    s, a, v, e = _ZS, _ZH_ADVERBS, _ZV, _ZEND
    y = r"(?:(?:19|20)?\d{2}年(?:款)?的?)?"  # a car's model year ("一辆2015年的本田雅阁", "18年款的")
    rules = [
        ("employer", rf"^{s}{a}(?:在|于|转去|转到|换到|改去|改到)(?P<value>[^，。,；;！!？?\s]{{2,20}}?)(?<!找|帮){a}"
                     r"(?:工作(?![日天])|上班|上[白夜早晚中]班|值[白夜]班|任职|就职|实习|打工)"),  # 工作日: a day
        ("employer+job", rf"^{s}{a}(?:在|于)(?P<value>[^，。,；;！!？?\s]{{2,20}}?){a}(?:当|做|担任|任)(?:一名|一个)?"
                         rf"(?P<job>[^，。,；;！!？?\s]{{0,6}}?(?:{_OCC_ZH_ALT})){e}"),
        # "在腾讯做前端开发", "在一家银行干销售": where one works, by the work done there
        ("employer", rf"^{s}{a}(?:在|于)(?!家|这|那|网上|附近|外面|公司|宿舍|医院看)"
                     rf"(?P<value>[^，。,；;！!？?\s]{{2,20}}?)"
                     rf"{a}(?:做|干|当)(?!饭|菜|作业|家务|运动|饭菜|梦|手术|检查)"),
        ("employer", rf"^{s}{a}(?:就职于|任职于|供职于|加入了?|入职了?|跳槽到了?|跳槽去了?|跳到了?)"
                     rf"(?P<value>[^，。,；;！!？?\s]{{2,20}}?)(?:公司|集团)?{e}"),
        # "现在去了拼多多" is where one works now; "去了医院", "上周去了北京", "去了三次" are visits
        ("employer", rf"^{s}(?:现在|目前|如今|后来)+(?:已经|也|就)?去了(?![趟一两二三四五六七八九十几半好\d])"
                     rf"(?P<value>[^，。,；;！!？?\s]{{2,20}}?)(?:公司|集团)?(?:上班|工作)?{e}"),
        # "现在去拼多多做买手了", "后来到京东上班了": where one went to work, said with the work
        ("employer", rf"^{s}(?:现在|目前|如今|后来)+(?:已经|也|就|改)?(?:去|到)了?(?!趟|一趟)"
                     rf"(?P<value>[^，。,；;！!？?\s]{{2,20}}?)(?:公司)?"
                     r"(?:上班|工作|任职|做(?!饭|菜|作业|家务|运动|梦|手术|检查|瑜伽|康复|理疗|按摩|美甲|头发)|当|干)"),
        # "周一开始去盒马上班了", "下个月起在药店上班": a workplace from a day on
        ("employer", rf"^{s}{a}(?:(?:下|这|上)?周[一二三四五六日天末]|\d{{1,2}}号|明天|后天|年后|节后|月底|月初)?"
                     rf"(?:开始|起)(?:去|到|在)(?P<value>[^，。,；;！!？?\s]{{2,20}}?)"
                     r"(?:公司)?(?:上班|工作(?![日天])|任职|实习|打工)"),
        # "周一去德勤上班了", "去药店上班了": gone to work there, said done (not "去公司上班了", "去外地打工")
        ("employer", rf"^{s}{a}(?:(?:下|这|上)?周[一二三四五六日天末]|\d{{1,2}}号|昨天|今天|年后|节后|月初)?"
                     rf"(?:去|到)(?!趟|一趟|公司|单位|办公室|外地|外面|城里|班上)(?P<value>[^，。,；;！!？?\s]{{2,20}}?)"
                     r"(?:公司)?(?:上班|工作|任职|实习|打工)了"),
        ("employer", rf"^{s}的?(?:新|现在的?|目前的?)?(?:工作单位|单位|公司|雇主)(?:是|为|在|换成了|变成了){v}{e}"),
        # starting at a new workplace: "下周去京东报到", "到字节入职"
        ("employer", rf"^{s}{a}(?:下周[一二三四五六日天]?|下个月|明天|后天)?(?:去|到)"
                     rf"(?P<value>[^，。,；;！!？?\s]{{2,20}}?)(?:公司)?(?:报到|报道|入职)"),
        ("job", rf"^{s}{a}(?:是一名|是一位|是一个|是个|是名|是做|是干|是当|是|在做|在当|做的是|干的是|当上了?|"
                rf"当了?|做了?|"
                rf"成为了?|成了|开始当|开始做|升为|升任|升职为|升成了?|被?提拔为|转去做|转岗做|改做|改当|"
                rf"转行做了?|改行当了?|去做|去当|调去做|调去当|晋升为|晋升成了?|被?任命为|升了)"
                rf"(?P<value>[^，。,；;！!？?\s]{{0,6}}?(?:{_OCC_ZH_ALT}))的?{e}"),
        # a post given by someone ("领导让用户当组长", "公司提拔我做主管"), not one wished for ("爸妈想让我当医生")
        ("job", rf"^(?![^，。；]*?(?:想|希望|要|劝|逼|打算|如果|要是))[^，。,；;！!？?\s]{{1,10}}?"
                rf"(?:让|安排|提拔|任命|提)(?P<subj>用户|我)来?(?:当|做|担任)了?"
                rf"(?P<value>[^，。,；;！!？?\s]{{0,8}}?(?:{_OCC_ZH_ALT}))的?{e}"),
        # a post by its English title ("升了 senior designer", "现在是 product manager")
        ("job", rf"^{s}{a}(?:升了?|升职为|升为|升任|晋升为|当上了?|成了|是|做)\s*(?P<value>(?i:[a-z][a-z\- ]{{0,24}}?"
                r"\b(?:designer|engineer|developer|manager|analyst|director|lead|architect|consultant|scientist|"
                r"researcher|specialist|officer|intern)s?))\b"),
        ("job", rf"^{s}的?(?:新|现在的?|目前的?)?(?:职业|工作|职位|岗位)(?:是|为|换成了|变成了){a}"
                rf"(?P<value>[^，。,；;！!？?\s]{{1,12}}?){e}"),
        ("city", rf"^{s}{a}(?:从[^，。,；;！!？?\s]{{1,8}}?)?(?:租房子?|合租|租)?(?:住在|居住在|定居在|定居于|生活在|"
                 rf"住(?![宿院址房处所户])|搬到了?|搬去了?|搬来了?|"
                 rf"搬回了?(?:到|去)?(?:老家)?|回到?了?老家|搬家到了?|迁居到?|移居到?|家在|常住在?|常驻在?|长驻在?)"
                 rf"(?P<value>(?![了过着得])[^，。,；;！!？?\s]{{2,12}}?)(?:市|区)?(?:了|去了|住|生活|居住)?(?:以后|之后)?{e}"),
        ("city", rf"^{s}的?(?:新)?(?:家|住址|居住地|常住地|家乡)(?:在|是|位于){v}{e}"),
        # a home bought or settled in: "在青岛买了房", "在成都安家了"
        ("city", rf"^{s}{a}在(?!网上|线上|附近|这|那|攒钱|存钱|看房|找房)"
                 rf"(?P<value>[^，。,；;！!？?\s]{{2,12}}?)(?:市|区)?"
                 rf"(?:买了?(?:一套|套)?房子?(?![贷租产])|租了?房子?(?![贷租产])|合租|安家|落户|定居|(?:生活|居住)(?!过)|"
                 r"(?:买|租)了?一?[个间套](?:[一二两三四](?:室|居)|单间|公寓))"),
        # said of a city by its name only: settling ("决定定居南京了"), a transfer ("调到天津工作了",
        # "工作调动去了厦门"), a household ("我发小一家现在都在大连")
        ("city-named", rf"^{s}{a}(?:从[^，。,；;！!？?\s]{{1,8}}?)?(?:决定|打算)?定居"
                       rf"(?P<value>[^，。,；;！!？?\s]{{2,8}}?)(?:市)?{e}"),
        ("city-transfer", rf"^{s}{a}(?:被)?(?:(?:工作)?调动(?:去了?|到了?)|调到|调去|调往|调回到?|外派到|派驻到|派到)"
                       rf"(?P<value>[^，。,；;！!？?\s]{{2,8}}?)(?:市)?(?:工作|上班|任职|分公司|总部)?(?:去)?{e}"),
        ("city-named", rf"^{s}(?:一家人?|全家人?|一家子|两口子|夫妻俩|一家[三四五]口){a}(?:都|也)?(?:在|住在|搬到了?|"
                       rf"搬去了?)(?P<value>[^，。,；;！!？?\s]{{2,8}}?)(?:市)?(?:了|呢|生活|定居|住)?{e}"),
        # a household where it is ("我们家现在在漳州", "用户家在福建漳州"), a place by name
        ("city-named", rf"^(?P<subj>我们家|我家|用户家|我们全家|用户全家|全家){a}(?:都|也)?在"
                       rf"(?P<value>[^，。,；;！!？?\s]{{2,8}}?)(?:市)?(?:了|呢)?{e}"),
        # "过完生日就51岁了", "其实都13岁了", "才16岁", "快40岁了"
        ("age", rf"^{s}(?:{a}|\d{{4}}年|的年龄是|年龄是|年龄为|的年龄为|，?其年龄是|，?年龄|今年已经|已经|满|过了|"
                rf"过完生日|过了生日|过完年|过完|其实|才|快|都快|也就|差不多|大概|刚满|刚好|正好)*"
                rf"(?P<value>\d{{1,3}}|[{ZH_NUM}]{{1,4}})(?:周)?岁"),
        # an age without 岁 after 今年 / 都 ("我妈今年六十了", "我小姨的年纪嘛，今年42"): a number ending the clause
        ("age-bare", rf"^{s}(?:的?(?:年纪|年龄|岁数)(?:嘛|呢|啊|的话)?[，,]?)?(?:今年|现在|已经|都|也|\d{{4}}年)+"
                rf"(?P<value>\d{{1,3}}|[{ZH_NUM}]{{1,4}})了?(?=$|[，。,；;！!？?\s])"),
        # An age said after a birthday without 岁: "过完生日就29了", "生日一过就满30啦"
        ("age", rf"^{s}{a}(?:过完生日|过了生日|生日过后|生日一过|过完这个生日)(?:就|已经|就要|马上)?满?"
                rf"(?P<value>\d{{1,3}}|[{ZH_NUM}]{{1,4}})(?:周?岁)?(?:了|啦)"),
        ("birthday", rf"^{s}的?(?:生日|出生日期|生辰)(?:是|在|为|定在)?(?P<value>{DATE_ZH})"),
        ("birthday", rf"^{s}{a}(?:出生于|生于|出生在)(?P<value>{DATE_ZH})"),
        ("birthday", rf"^{s}{a}是?(?P<value>{DATE_ZH})(?:出生|生)的"),  # "余国栋是1月18号生的"
        ("phone", rf"^{s}的?(?:新)?(?:手机号码|手机号|电话号码|手机|电话|联系电话|联系方式|号码)(?:换成了?|改成了?|"
                  rf"是|为|：|:)?\s*(?P<value>\+?\d[\d\- ]{{5,}}\d)"),
        ("email", rf"^{s}的?(?:新)?(?:电子邮箱|邮箱地址|邮箱|电子邮件|邮件地址|email|Email|E-mail)(?:地址)?"
                  rf"(?:换成了?|改成了?|是|为|：|:)?\s*(?P<value>[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)"),
        # A new value said after the thing was named in the clause before ("邮箱换了，新的是…"): its shape says what
        ("email", rf"^{s}{a}的?(?:新的?|现在的?|新邮箱|新地址)(?:是|为|：|:)\s*"
                  rf"(?P<value>[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)"),
        # where someone asks for mail to go ("韩家乐让我把材料发到…", "我哥叫我以后发到…"): their address
        ("email", rf"^{s}{a}(?:让|叫|要|请)我(?:把[^，。,；;！!？?\s]{{1,8}}?)?(?:以后|今后)?"
                  rf"(?:发到|发送到|发给|寄到)\s*(?P<value>[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)"),
        # Where mail goes from now on: "以后请发到li@163.com", "今后联系我用…"
        ("email", rf"^{s}{a}(?:以后|今后|之后|往后|从现在起)?(?:请|麻烦|就)?(?:发到|发送到|发给|寄到|改用|用)\s*"
                  rf"(?P<value>[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+)"),
        ("phone", rf"^{s}{a}的?(?:新的?|现在的?|新号|新号码)(?:是|为|：|:)\s*(?P<value>\+?\d[\d\- ]{{5,}}\d)"),
        ("phone", rf"^{s}的?(?:手机号码|手机号|电话号码|手机|电话|号码){a}(?:改成了?|换成了?|变成了?)\s*"
                  rf"(?P<value>\+?\d[\d\- ]{{5,}}\d)"),
        ("car", rf"^{s}{a}(?:开的是|开着|开的|开|的车是|的车是一辆|买了|换了|换成了?|有(?=一?辆))(?:一?[辆台])?"
                rf"(?:新的?|二手的?)?{y}(?:[\u4e00-\u9fff]{{1,2}}色的?)?"
                rf"(?P<value>(?:{CAR_NAMES_ZH})(?![^，。,；;！!？?\s]{{0,4}}(?:手机|手表|电脑|平板|笔记本|耳机|电视))"
                rf"[^，。,；;！!？?\s了的]{{0,6}}?|燃油车|油车|电车|新能源车?|混动车?)"
                rf"(?:车|汽车|电车)?(?:{e}|(?=去|上班|上下班|通勤))"),
        # a car counted by 辆, the classifier of vehicles, whatever its make ("有一辆白色的卡罗拉", "开一辆二手思域")
        ("car", rf"^{s}{a}(?:有|开|开着|开的是|买了|新买了|换了)一辆(?:新的?|二手的?)?{y}"
                rf"(?:[\u4e00-\u9fff]{{1,2}}色的?)?(?P<value>[\u4e00-\u9fffA-Za-z0-9]{{2,6}}?)(?:车|汽车)?{e}"),
        ("favourite", rf"^{s}{a}最?(?:喜欢|爱|喜爱)的(?P<thing>[^，。,；;！!？?\s是变换成]{{1,6}})(?:是|为){a}{v}{e}"),
        # a favourite that changed: "最喜欢的水果变成榴莲了", "最爱的歌手换成了周深"
        ("favourite", rf"^{s}{a}最?(?:喜欢|爱|喜爱)的(?P<thing>[^，。,；;！!？?\s是变换成]{{1,6}}){a}"
                      rf"(?:变成了?|换成了?|成了){v}{e}"),
        ("diet", rf"^{s}{a}(?:是|成了|成为了?|变成了?)(?:一[名个位])?(?:严格的)?(?P<value>纯素食者|素食主义者|素食者|"
                 rf"纯素主义者)"),
        ("diet-none", rf"^{s}{a}(?:吃素|只吃素|开始吃素|不吃肉|不再吃肉|戒肉|不吃荤)"),
        ("diet-meat", rf"^{s}{a}(?:很|特别|非常|最)?(?:爱吃|喜欢吃|常吃|经常吃|天天吃|每周都吃|又开始吃|开始又吃|"
                      rf"又吃|开始吃|重新吃|"
                      rf"恢复吃|吃了)"
                      rf"(?:[^，。,；;！!？?\s]{{0,4}})?{MEATS_ZH}"),
        ("education", rf"^{s}的?(?:最高)?(?:学历)(?:是|为){a}(?P<value>{'|'.join(EDUCATION_ZH)})"),
        ("education", rf"^{s}{a}(?:是|读完了?|念完了?)(?P<value>{'|'.join(EDUCATION_ZH)})(?:学历|毕业|文凭)"),
        ("education", rf"^{s}{a}(?P<value>{'|'.join(EDUCATION_ZH)})毕业"),
        # Out of work or changing jobs ("辞职了", "换工作了", "被裁了"): the old employer no longer holds.
        # Retired: no employer now, and 退休 is what one is ("我妈妈去年退休了").
        ("retired", rf"^(?!.*(?:之前|以前|当年|那年)){s}{a}(?:办了|正式)?退休"),
        ("employer-none", rf"^(?!.*(?:从(?!原来|原单位|老东家)|之前|以前|当年|那年|去年|前年|年前)){s}{a}"
                          rf"(?:换工作|换了工作|换了份工作|"
                          rf"辞职|辞了职|离职|裸辞|被裁|被裁员|失业|被开除|被辞退|没有?工作(?!日|的|过)|"
                          rf"待业|无业|赋闲|(?:正?在)?找工作|在求职|求职中)(?!的是|的人是|的事)"),
        # a break-up also ends the partner the speaker named ("跟男朋友分手了" / "男朋友叫小陈"; a divorce, the spouse)
        ("marital-single", rf"^(?P<subj>我|用户|本人){a}(?:和|跟|与)[^，。,；;！!？?\s]{{1,8}}?{a}"
                           rf"(?P<how>分手|分开|离婚|分了(?![\u4e00-\u9fff])|(?:取消|解除)了?婚约|退了?婚)"),
        ("marital-single", rf"^{s}{a}(?P<how>分手了|恢复单身|又单身了|(?:取消|解除)了?婚约|退了?婚)"),
        ("marital-dating", rf"^(?P<subj>我|用户|本人){a}(?:正?在)?(?:和|跟|与)[^，。,；;！!？?\s]{{1,10}}?{a}"
                           rf"(?:在一起|谈恋爱|交往)"),
        ("marital-engaged", rf"^(?P<subj>我|用户|本人){a}(?:和|跟|与)[^，。,；;！!？?\s]{{1,8}}?{a}"
                            rf"(?:(?:准备|打算|计划|决定|要)[^，。,；;！!？?\s]{{0,8}}?结婚|订婚|订了婚)"),
        # A couple said as "we": "我们在一起三年了", "用户等人已经在一起五年了"
        ("marital-dating", rf"^(?P<subj>我们|用户等人){a}(?:已经)?(?:在一起|交往|谈恋爱)(?:了|快|有|[{ZH_NUM}\d])"),
        ("marital-dating", rf"^{s}{a}(?:有|交了|谈了)(?:一个|个)?(?:女朋友|男朋友|对象)"),
        ("marital-dating", rf"^{s}{a}(?:脱单|(?:正?在)?谈恋爱(?:了|呢|中)|恋爱了)"),
        ("marital", rf"^{s}{a}(?:是|还是|仍是)?(?:一个)?(?P<value>已婚|单身|离婚|离异|订婚|结婚|丧偶)"),
        ("role", rf"^{s}(?:现在)?是(?:我|用户)的(?:新)?(?P<value>女朋友|男朋友|女友|男友|妻子|老婆|丈夫|老公|"
                 rf"未婚妻|未婚夫|前妻|前夫|前女友|前男友|爱人)"),
        ("spouse", rf"^(?P<subj>我|用户)的?(?:新|现在的?|现任的?)?"
                   rf"(?P<role>妻子|老婆|丈夫|老公|女朋友|男朋友|女友|男友|未婚妻|未婚夫|爱人|"
                   rf"上司|老板|领导|房东|医生){a}(?:是|叫|名叫){v}{e}"),
        ("date", rf"^(?P<event>[^，。,；;！!？?\s]{{0,16}}?(?:{EVENTS_ZH}))的?(?:时间|日期|举办时间|举行时间)?{a}"
                 rf"(?:是|定在|定于|改到了?|改在|改成了?|推迟到了?|延期到了?|延后到了?|提前到了?|挪到了?|安排在|"
                 rf"在|为|将在|将于|于)?{a}(?P<value>{DATE_ZH})"),
    ]
    return [(attribute, re.compile(pattern)) for attribute, pattern in rules]


_ZH_RULES: list[tuple[str, re.Pattern[str]]] = []
_ZH_MARITAL = {"已婚": "married", "结婚": "married", "单身": "single", "离婚": "divorced", "离异": "divorced",
               "订婚": "engaged", "丧偶": "widowed"}


def zh_slots(sentence: str, speaker: str, lead: str = "我") -> list[Slot]:
    """The slots a Chinese statement fills; one with no subject of its own ("今年36岁了", "新号码是139…") is
    ``lead``'s: the speaker's, or for a later clause the person its sentence opened with
    ("我表哥住在杭州，今年35岁")."""
    if not _ZH_RULES:
        _ZH_RULES.extend(_zh_rules())
    # an English word set off by spaces is one with its Chinese ("在 Shopee 做 data analyst": 在Shopee做)
    sentence = _ZH_LATIN_GAP.sub("", _zh_opening(sentence))
    found = _read_zh(sentence, speaker)
    if not found and lead and zh_bare(sentence):
        found = _read_zh(lead + sentence, speaker)
    bare = bool(lead) and zh_bare(sentence)
    extra = [slot for read in (zh_home, zh_changes, zh_dose, zh_more, zh_status, zh_switches, zh_belong, zh_records,
                                  zh_workdays, zh_licence, zh_lives, zh_hair)
             for slot in read(sentence, speaker) or (read(lead + sentence, speaker) if bare else [])]
    extra = _one_a_key(extra)
    extra += _in_passing(sentence, speaker, lead, found + extra)
    if not found and not extra and (lead == "我" or zh_subject(lead, SELF) == SELF) and not has_cjk(speaker):
        return _kin_as_self(sentence, speaker)  # (a named speaker's relative is theirs: not read so)
    return found + [slot for slot in extra if slot.key not in {s.key for s in found}]


def _one_a_key(slots: list[Slot]) -> list[Slot]:
    """The first value each key is given: two readers of one attribute keep the first reader's."""
    return [slot for i, slot in enumerate(slots) if slot.key not in {s.key for s in slots[:i]}]


_ZH_LATIN_GAP = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[A-Za-z])|(?<=[A-Za-z])\s+(?=[\u4e00-\u9fff])")


def _zh_opening(sentence: str) -> str:
    """The sentence with what opens it before its subject set aside: a discourse word, a name's apposition, a
    time, a day from which a change holds."""
    sentence = re.sub(r"^(?:另外|还有|而且|哦?对了|其实|记住|请记住|注意|更新|说起来|话说|跟你说|顺便说一下|顺便提一下)"
                      r"[，,：:]?", "", sentence.strip())
    # A correction said after the subject ("用户其实是135斤", "我实际上住在…"): the subject and what holds
    sentence = re.sub(r"^(我们|用户等人|用户|我|本人)(?:其实|实际上|确切地说|准确地说)[，,]?", r"\1", sentence)
    # A name with its apposition ("余国栋（我领导）是…"): the name is the subject
    sentence = re.sub(r"^([\u4e00-\u9fff]{2,4})[（(][^）)]{1,12}[）)]", r"\1", sentence)
    # A time said before the subject ("2026年用户等人搬到上海了", "今年我们搬到…"): the subject first
    sentence = re.sub(r"^(?:\d{4}年(?:\d{1,2}月)?(?:\d{1,2}[日号])?|\d{1,2}月份?|今年|去年|上个月|这个月|上周|最近|"
                      r"暑假|寒假|年初|年底|上半年|下半年)[，,]?(?=我|用户|本人)", "", sentence)
    # A month or a season said after the subject of a change that is done ("用户10月份办完离婚手续了", "我们暑假
    # 搬到了重庆"): the subject and the change; "我们的全家" (as a memory puts "我们全家") is 我们全家
    sentence = re.sub(r"^(我们|用户等人|用户|我|本人)的?(全家|一家人?)?(?:\d{4}年)?"
                      r"(?:\d{1,2}月份?(?![\d日号])|去年|上个月|暑假|寒假|年初|年底|上半年)(?=[^，,。；;]*[了啦]$)",
                      lambda m: m.group(1) + (m.group(2) or ""), sentence)
    # ... or a day, as a memory resolves "上周" ("用户2026年11月30日那一周入了一台华为Mate"): the same
    sentence = re.sub(r"^(我们|用户等人|用户|我|本人)(?:\d{4}年)?\d{1,2}月\d{1,2}[日号]"
                      r"(?:[（(]周[一二三四五六日天][)）])?(?:那一?周|那个?周末|前后|左右)?(?=[^，,。；;]*[了啦])",
                      r"\1", sentence)
    sentence = re.sub(r"^(我们|用户等人|用户|我)的(全家|一家人?)", r"\1\2", sentence)
    # Where one lives said with whom ("用户和老公住在成都", "我跟爸妈搬到了重庆"): the speaker lives there
    sentence = re.sub(r"^(我|用户|本人)(?:和|跟|与)[\u4e00-\u9fff]{1,4}?(?:一起)?"
                      r"(?=住在(?!一起)|搬到|搬去|搬回|定居在?)", r"\1", sentence)
    # Since when, said before the subject ("自从居家办公以后我都七点半才起"): the subject and what holds now
    sentence = re.sub(r"^(?:自从|从|自打|打从)[^，,。]{1,16}?(?:以后|之后|以来)[，,]?(?=我|用户|本人)", "", sentence)
    # A change said from a day on, before or after the subject ("从下周一开始我改骑车上班", kept as "用户从2026年12月
    # 14日（周一）开始用户改骑…"): the subject and what changes
    sentence = re.sub(r"^(我们|我|用户|本人)?从[^，,。]{1,24}?(?:开始|起)[，,]?(?:我们|我|用户|本人)?",
                      lambda m: m.group(1) or "我", sentence)
    return sentence


def _in_passing(sentence: str, speaker: str, lead: str, filled: list[Slot]) -> list[Slot]:
    """``slots_zh_levels``' slots of the speaker's own statement: said with 我, or with no subject in a sentence
    of theirs ("每天通勤两小时" after "我同事刘洋住在天通苑" is 刘洋's); a level or a routine only when no other
    rule ``filled`` a slot, a pet by its kind only when it is not counted ("养了两只猫": ``count:cats``)."""
    by_speaker = lead == "我" or zh_subject(lead, SELF) == SELF
    if _KIN_OPEN.match(sentence) or not (re.match(r"我|用户|本人", sentence) or (by_speaker and zh_bare(sentence))):
        return []
    counted = any(slot.attribute.startswith("count:") for slot in filled)
    said = ([] if counted else zh_pets(sentence, speaker)) + zh_tastes(sentence, speaker) + \
        zh_dates(sentence, speaker) + zh_floor(sentence, speaker)
    return said or ([] if filled else zh_levels(sentence, speaker) or zh_routines(sentence, speaker))


#: A relative's state said as the speaker's would be ("用户的儿子钢琴不学了", "我闺女周六学画画"), not a relative
#: with a name ("我同事老刘…": the name is whom it is about).
_KIN_OPEN = re.compile(rf"^(?:我们?|用户)?的?(?P<kin>{KIN_ZH_ALT})(?!的)(?=[^，,。]{{2,}})")


def _kin_as_self(sentence: str, speaker: str) -> list[Slot]:
    """The slots a statement opening with a relative fills, read as if the speaker said it of themselves and then
    given to the relative, when the relative's own readers found none: the speaker's readers (pastimes, pets,
    levels) hold for anyone."""
    kin = _KIN_OPEN.match(sentence)
    rest = sentence[kin.end():] if kin else ""
    if kin is None or posseg.lcut(rest[:3], HMM=False)[0].flag.startswith("nr") or \
            (rest[0] in "老小阿" and rest[1] in SURNAMES):
        return []
    who = zh_kin_subject(kin.group("kin"))
    return [replace(slot, subject=who) for slot in zh_slots("我" + rest, speaker, "") if slot.subject == speaker]


def zh_bare(clause: str) -> bool:
    """Whether a Chinese clause opens with no subject: no pronoun, no speaker, no name or kinship word first."""
    clause = clause.strip()
    if not clause or re.match(r"^(?:他|她|它|其|这|那|谁|哪|您|你|我|用户|本人|大家|有人)", clause):
        return False
    return all(zh_subject(clause[:n], SELF) is None for n in (2, 3, 4) if len(clause) > n)


def _read_zh(sentence: str, speaker: str) -> list[Slot]:
    leading: list[str] = []  # the name the sentence opens with (jieba's), read once a rule matches
    for attribute, pattern in _ZH_RULES:
        match = pattern.search(sentence)
        if match is None:
            continue
        groups = match.groupdict()
        if _no_home(attribute, groups, sentence, match):
            continue
        if groups.get("subj") and not leading:
            leading.append(_leading_name(sentence))
        name = leading[0] if leading else ""
        if groups.get("subj") and len(groups["subj"]) < len(name) and name.startswith(groups["subj"]):
            # The shortest subject ended inside a name at a character an adverb starts with ("王刚在腾讯工作" as
            # 王 + 刚, "梁志刚今年35岁" as 梁志 + 刚): read the rest again after the whole name.
            again = pattern.search("我" + sentence[len(name):])
            if again is None or again.group("subj") != "我":
                continue
            groups = again.groupdict() | {"subj": name}
        found = _zh_slot(attribute, groups, speaker)
        if found:
            return found
    return _zh_habits(sentence, speaker) or zh_amounts(sentence, speaker) or zh_states(sentence, speaker) \
        or zh_plans(sentence, speaker) or zh_daily(sentence, speaker)


# Habits, yes or no, the speaker's ("每天抽一包烟" / "已经戒烟了"; "喜欢喝咖啡" / "现在不喝咖啡了"): one slot per
# habit or per thing eaten or drunk, so that "也喜欢吃烧烤" and "喜欢吃火锅" stay two facts.
_ZH_SPEAKER = r"^(?:我们?|用户|本人)"
_ZH_QUIT = r"(?:戒掉?了?|不再|从来?不|不|没再|停了)"
_ZH_SMOKE_NO = re.compile(rf"{_ZH_SPEAKER}{_ZH_ADVERBS}(?:戒烟|戒了烟|戒掉了烟|{_ZH_QUIT}(?:抽|吸)烟|是?不抽烟的"
                          r"|把烟(?:给)?戒(?:掉)?了"  # "已经把烟戒了": the 把 form
                          r"|烟(?:已经|也|早就|终于|总算)?戒(?:掉)?了)")  # "烟戒了快三个月了": the thing first
_ZH_SMOKE = re.compile(rf"{_ZH_SPEAKER}{_ZH_ADVERBS}(?:每天|经常|偶尔|天天|还|一天|每日|一天到晚)?(?:抽|吸)"
                       rf"[^，。,；;！!？?\s不]{{0,4}}?烟")
_ZH_DRINK_NO = re.compile(rf"{_ZH_SPEAKER}{_ZH_ADVERBS}(?:戒酒|戒了酒|滴酒不沾|{_ZH_QUIT}喝酒)")
_ZH_CONSUME = re.compile(rf"{_ZH_SPEAKER}{_ZH_ADVERBS}(?:每天|每周|天天|经常|平时|一般|通常|偶尔)*"
                         rf"(?:早上|晚上|中午|下午|上午|早晚|饭后)?(?:都|也|还)?(?:要|得)?"
                         rf"(?P<no>{_ZH_QUIT}|不太|不怎么)?(?:太|很|特别|最|也|还|就|只|改|"
                         rf"每天|经常|天天|一直)?(?:喜欢|爱|想|能|会|常|开始)?(?P<verb>喝|吃)"
                         rf"(?:[一两三四五六七八九十\d]+[杯瓶碗包块个口顿罐盒听根支袋份]|很多|一点|点)?"
                         rf"(?P<thing>[\u4e00-\u9fff]{{1,3}}?)(?=$|了|的|，|。|,|！|!|\s|，)")


_ZH_AGAIN = re.compile(rf"{_ZH_SPEAKER}{_ZH_ADVERBS}(?:又|重新)(?:开始)?(?P<verb>喝|抽)(?:上了|起来了|回来了|上酒|上烟)"
                       r"|复吸了?")


def _zh_habits(sentence: str, speaker: str) -> list[Slot]:
    sentence = sentence.strip(" 。！!")
    if not re.match(_ZH_SPEAKER, sentence):
        return []
    if _ZH_SMOKE_NO.search(sentence):
        return [Slot(speaker, "smoking", "no")]
    if _ZH_SMOKE.search(sentence):
        return [Slot(speaker, "smoking", "yes")]
    if _ZH_DRINK_NO.search(sentence):
        return [Slot(speaker, "habit:酒", "no")]
    if again := _ZH_AGAIN.search(sentence):  # "又喝上了", "又抽起来了": taken up again
        return [Slot(speaker, "habit:酒", "yes") if again.group("verb") == "喝" else Slot(speaker, "smoking", "yes")]
    said = _ZH_CONSUME.search(sentence)
    if said is None or said.group("thing") in {"饭", "东西", "药", "的", "了"} or \
            re.match(r"[零〇一二两三四五六七八九十百千半\d]+(?:毫|微|克|单位|片|粒)", said.group("thing")):
        return []  # "每天吃十毫克的…" is a dose (``slots_zh_dose``), no habit of 十毫克
    thing = "酒" if said.group("thing") == "酒" else said.group("thing")
    return [Slot(speaker, f"habit:{thing}", "no" if said.group("no") else "yes")]


def _leading_name(sentence: str) -> str:
    """The personal name ``sentence`` opens with by jieba's reading ("梁志刚今年…", "王刚在…"), or ""."""
    named = chinese_names(sentence[:8])
    return named[0][0] if named and named[0][1] == 0 else ""


def _zh_slot(attribute: str, groups: dict[str, str], speaker: str) -> list[Slot]:
    kin = subject_kin(groups.get("subj") or "")
    return [Slot(s.subject, s.attribute, s.value, kin) if kin else s for s in _zh_slot_of(attribute, groups, speaker)]


def _zh_slot_of(attribute: str, groups: dict[str, str], speaker: str) -> list[Slot]:
    if attribute == "date":
        event = groups["event"].strip()
        event = re.sub(r"^[^，。；]{1,8}?[把将]", "", event)  # "医生把我的手术推迟到…": the surgery is what moved
        event = re.sub(r"^(?:我们的?|我的|用户等人的?|用户的?|公司的?|这次的?|那个|这个)", "", event)
        return [Slot("event:" + event, "date", date_value(groups["value"]))] if event else []
    subject = zh_subject(groups["subj"], speaker)
    if subject is None:
        return []
    value = plain_value(groups.get("value") or "")
    if attribute in {"employer", "employer+job"}:
        return _zh_work_slots(attribute, subject, value, groups)
    make = _ZH_SLOT_MAKERS.get(attribute)
    return make(subject, value, groups) if make is not None else [Slot(subject, attribute, value)]


# Where inside a workplace, not who employs: a department alone ("在财务部做财务分析", "在急诊科室当护士"), or
# "in there" ("新公司是做手游的；在里面做测试"). A department of a named employer ("字节的财务部") keeps it.
_ZH_INSIDE = re.compile(r"(?:里面|里头|这里|那里|这边|那边|这儿|那儿)"
                        r"|[^的]{2,4}(?<!俱乐)(?<!总)(?:部门|部|科室|组|车间)")


def _zh_work_slots(attribute: str, subject: str, value: str, groups: dict[str, str]) -> list[Slot]:
    """An employer (and a job); an "employer" that is a city (工作在上海) is where the person works. A place
    studied at is no employer ("在成都航空职业技术学院读完大专就工作了": the work came after)."""
    if _ZH_STUDIED.search(value) or _doing(value):
        return []
    if _ZH_INSIDE.fullmatch(value):  # a department or "in there": the job done there only
        return [Slot(subject, "job", plain_value(groups["job"]))] if attribute == "employer+job" else []
    market = value.endswith(("超市", "菜市", "夜市", "股市", "集市"))  # "在超市当收银员": a shop, no city
    if value in _ZH_CITIES or (value.endswith(("市", "省")) and not market):
        work = [Slot(subject, "work_city", value.removesuffix("市"))]
        return work + ([Slot(subject, "job", plain_value(groups["job"]))] if attribute == "employer+job" else [])
    if attribute == "employer+job":
        return [Slot(subject, "employer", value), Slot(subject, "job", plain_value(groups["job"]))]
    return [Slot(subject, attribute, value)]


#: A stay bounded in time ("这周住…", "这几天住…", "暂时住…"; a week the extractor resolved: "2026年12月7日那一周")
_ZH_STAY = re.compile(r"这周|这星期|这礼拜|这几天|这两天|这段时间|这阵子|那一?周|那几天|今晚|今天|昨晚|暂时|临时|先住|"
                      r"(?:这|那)个?周末")
#: Lodging for travellers: a night there is a stay, not a home ("住在海边的一家民宿").
#: A move or a settling: whenever it was said to happen ("那个周末搬到…"), it is no stay.
_ZH_MOVED = re.compile(r"搬|迁|定居|安家|落户")


#: A place one stays as a guest, never a home ("住在北京的酒店"): a hotel, an inn, a hostel, a guesthouse
_LODGING = re.compile(r"(?:酒店|宾馆|旅馆|旅店|旅社|饭店|民宿|客栈|招待所|青旅|青年旅舍|旅舍|汽车旅馆|度假村|"
                      r"营地|房车)$")


def _no_home(attribute: str, groups: dict[str, str], sentence: str, match: re.Match[str]) -> bool:
    """A city rule's match that says no home: a move not made yet ("用户下个月要搬到深圳"), a stay
    ("这周住我爸妈家")."""
    if attribute not in ("city", "city-transfer") or not groups.get("value"):
        return False
    if groups.get("subj") and ZH_NOT_DONE.search(sentence, match.end("subj"), match.start("value")):
        return True
    if _doing(groups["value"]):
        return True  # "在考虑要不要去嘉兴买房": a thought, not a place
    verb = sentence[match.end("subj"):match.start("value")] if groups.get("subj") else ""
    return attribute == "city" and not _ZH_MOVED.search(verb) and _stay(sentence[:match.start("value")],
                                                                          groups["value"])


def _stay(before: str, value: str) -> bool:
    """A home said for a bounded time, or someone else's home stayed at ("住用户的爸妈家", "住在朋友家")."""
    others = value.endswith("家") and bool(re.search(rf"的|{KIN_ZH_ALT}", value))
    return others or bool(_ZH_STAY.search(before)) or bool(_LODGING.search(value))


def _doing(value: str) -> bool:
    """What follows 在 is an act, not a workplace ("在考虑要不要转行做…", "在准备考研"): a question of A-not-A form,
    or a verb of two characters or more by jieba's tags with another verb after it (拼多多's 拼 and 找钢网's 找 are one
    character; 超市, tagged a verb, is alone)."""
    if re.search(r"(.)[不没]\1", value):
        return True
    words = posseg.lcut(value, HMM=False)
    return len(words) >= 2 and words[0].flag == "v" and len(words[0].word) >= 2 \
        and any(w.flag.startswith("v") for w in words[1:])


def place_name(value: str) -> bool:
    """A city or a place jieba names as one ("绵阳", "大连市"), not any word after 在 ("好几年", "上班")."""
    value = value.removesuffix("市")
    if value in _ZH_CITIES or value.endswith(("县", "省", "州")):
        return True
    words = posseg.lcut(value, HMM=False)
    return len(words) == 1 and words[0].flag == "ns"


_ZH_STUDIED = re.compile(r"读|念完|念了|念书|上学|上完|毕业|进修|求学|学习")

# "家住六楼", "搬到同一个小区的一楼": a floor, not a city
_FLOOR = re.compile(rf"(?:[\u4e00-\u9fff]{{0,8}}的)?[\d{ZH_NUM}几]+(?:楼|层)")
#: The attributes whose slot is not (subject, attribute, the matched value): how each is made.
_ZH_SLOT_MAKERS: dict[str, Callable[[str, str, dict[str, str]], list[Slot]]] = {
    "city": lambda subject, value, groups: [] if _FLOOR.fullmatch(value) else [Slot(subject, "city",
                                                                                   value.removesuffix("市"))],
    "city-named": lambda subject, value, groups: [Slot(subject, "city", value.removesuffix("市"))]
    if place_name(value) else [],
    # a transfer moves where one works, and so where one lives ("在北京工作" / "调到上海分公司了")
    "city-transfer": lambda subject, value, groups: [Slot(subject, "city", value.removesuffix("市")),
                                                     Slot(subject, "work_city", value.removesuffix("市"))]
    if place_name(value) else [],
    "favourite": lambda subject, value, groups: [Slot(subject, f"favourite:{groups['thing']}", value)],
    **dict.fromkeys(("diet", "diet-none"), lambda subject, value, groups: [
        Slot(subject, "diet", "vegan" if "纯素" in (groups.get("value") or "") else "vegetarian")]),
    "diet-meat": lambda subject, value, groups: [Slot(subject, "diet", "meat")],
    # an age is at most 120: "现在一百三了" after 减肥 is a weight, not an age
    "age": lambda subject, value, groups: [Slot(subject, "age", str(n))] if 0 < (n := zh_number(groups["value"]) or 0)
    <= 120 else [],
    # said without 岁, a hundred or more is no age: "现在一百二了" is a weight in 斤 (``slots_amounts``)
    "age-bare": lambda subject, value, groups: [Slot(subject, "age", str(n))]
    if 0 < (n := zh_number(groups["value"]) or 0) < 100 else [],
    "birthday": lambda subject, value, groups: [Slot(subject, "birthday", date_value(groups["value"]))],
    "phone": lambda subject, value, groups: [Slot(subject, "phone", digits_of(groups["value"]))],
    "marital": lambda subject, value, groups: [Slot(subject, "marital", _ZH_MARITAL[groups["value"]])],
    "employer-none": lambda subject, value, groups: [Slot(subject, "employer", "none")],
    "marital-single": lambda subject, value, groups: [Slot(subject, "marital", "single")] + [
        Slot(subject, partner, "none") for partner in (
            ("husband", "wife") if "离婚" in (groups.get("how") or "") else ("boyfriend", "girlfriend"))],
    "marital-dating": lambda subject, value, groups: [Slot(subject, "marital", "in a relationship")],
    "marital-engaged": lambda subject, value, groups: [Slot(subject, "marital", "engaged")],
    "retired": lambda subject, value, groups: [Slot(subject, "employer", "none"), Slot(subject, "job", "退休")],
    "role": lambda subject, value, groups: [Slot(subject, "role", KIN_ZH.get(groups["value"], groups["value"]))],
    "spouse": lambda subject, value, groups: [Slot(subject, KIN_ZH.get(groups["role"], groups["role"]), value)],
}
