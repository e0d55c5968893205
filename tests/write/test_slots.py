"""Attribute slots from content (memories/write/slots.py) and the same-fact test's word lists (anchors.py): kinship
and role words are people, education levels, occupations, phones and dates are values, whatever jieba guesses;
a pair linked by a slot is decided as one entity's and its review card says why."""

from __future__ import annotations

import pytest

from memories.write.anchors import anchors, texts_sameness
from memories.write.policy import Sameness
from memories.write.slots import linking_slot, other_subjects, slots_of
from tests.api.conftest import API, create, get, review_items
from tests.conftest import KeyedClient


def test_it_reads_subject_attribute_and_value_in_both_languages() -> None:
    assert [(s.subject, s.attribute, s.value) for s in slots_of("Bea is a data scientist at Adyen.")] == [
        ("bea", "employer", "adyen"), ("bea", "job", "data scientist")]
    assert [(s.key, s.value) for s in slots_of("我的下属今年33岁。")] == [("~subordinate|age", "33")]
    assert [(s.key, s.value) for s in slots_of("我表哥今年四十二岁")] == [("~表哥|age", "42")]
    assert [(s.key, s.value) for s in slots_of("我上司的手机号是 139-0000-1111")] == [("~boss|phone", "13900001111")]
    assert [(s.key, s.value) for s in slots_of("我女儿住在杭州。")] == [("~daughter|city", "杭州")]
    assert [(s.key, s.value) for s in slots_of("冯晓是我的下属，她的学历是本科。")] == [("冯晓|education", "本科")]
    assert [(s.key, s.value) for s in slots_of("The offsite retreat is set for 12 August.")] == [
        ("event:offsite retreat|date", "8-12")]


def test_a_change_said_in_passing_fills_the_slot() -> None:
    """A new job and a new favourite said the way people say them; a clause with no subject of its own is the
    sentence's opener's."""
    def said(text: str) -> list[tuple[str, str]]:
        return [(s.key, s.value) for s in slots_of(text)]

    assert said("The user just landed a role at Canva as a senior researcher.") == [
        ("self|job", "senior researcher"), ("self|employer", "canva")]
    assert said("I got hired at Netflix last week.") == [("self|employer", "netflix")]
    assert said("Teal is my favourite now.") == [("self|favourite:colour", "teal")]
    assert said("Jazz is my favourite now.") == []  # a favourite what: not said
    assert said("用户辞职了，现在在网易工作。") == [("self|employer", "网易")]
    assert said("孙磊搬家了，现在住在苏州。") == [("孙磊|city", "苏州")]


def test_a_move_still_to_come_fills_no_city() -> None:
    """A move planned, hoped for, conditional or not done is not where the person lives: it must not retire the
    city they still live in ("用户2027年1月要搬到深圳了" superseded "The user lives in Lisbon." before)."""
    for text in ("用户2027年1月要搬到深圳了", "我们打算明年搬去青岛。", "我老婆一直想搬到昆明。",
                 "我还没搬到南京，房子在装修。", "如果搬到西安，通勤会方便很多。"):
        assert [s for s in slots_of(text) if s.attribute == "city"] == [], text
    assert [(s.key, s.value) for s in slots_of("用户2026年11月搬到深圳了")] == [("self|city", "深圳")]
    assert [(s.key, s.value) for s in slots_of("我上周刚搬到厦门。")] == [("self|city", "厦门")]


def test_the_speaker_is_the_subject_or_the_label() -> None:
    assert slots_of("I live in Porto.", speaker="U-7")[0].subject == "u-7"
    assert slots_of("Gina: I live in Porto.")[0].subject == "gina"
    assert slots_of("用户：我住在厦门。")[0].subject == "self"


def test_pronouns_and_questions_fill_no_slot() -> None:
    for text in ("She works at IKEA.", "Where does Tom live?", "他在腾讯工作。", "Do you like sushi?",
                 "她有两个孩子。"):
        assert slots_of(text) == (), text


@pytest.mark.parametrize("text", [
    '用户问“下个月去云南玩，帮我排个行程？”，助手推荐：第3天 大理古城；住宿选洱海边的客栈；第5天 丽江',
    '用户问“周末去哪儿？”，又说“最好近一点”，助手回答：住在市区的话可以去西湖；搬到郊区的朋友可以约着爬山',
    'When the user asked "Where should we stay in Porto?", the assistant suggested: I live near the river, so try '
    'Ribeira; the Pestana Vintage',
    'When the user asked "Can you write my bio?", the assistant drafted: I work at Siemens as an engineer and live '
    'in Graz',
])
def test_the_assistants_answer_as_extraction_keeps_it_fills_no_slot(text: str) -> None:
    """What the assistant suggested, answered or drafted is no statement of the user's home, job or tastes."""
    assert slots_of(text) == ()


@pytest.mark.parametrize("text", ["住宿安排在洱海边的客栈", "住院观察了三天", "住房公积金交到了上海", "住处离公司很近"])
def test_a_noun_made_with_zhu_is_no_home(text: str) -> None:
    """住宿, 住院, 住房, 住处 are things, not "lives in": none gives a city."""
    assert not [s for s in slots_of(text) if s.attribute == "city"]


def test_additive_facts_never_link() -> None:
    """Likes, activities and children are keyed per thing: two of them are two facts, never one slot's values."""
    for first, second in (("I like red.", "I like cats too."), ("我喜欢猫。", "我也喜欢狗。"),
                          ("I have two kids.", "I have two dogs."), ("我有一个女儿。", "我还有一个儿子。"),
                          ("I go swimming on Mondays.", "I've taken up climbing."),
                          ("我每周去健身房。", "我每天早上跑步。"),
                          ("I'm allergic to peanuts.", "I'm also allergic to cats.")):
        assert linking_slot(slots_of(second), slots_of(first)) is None, (first, second)


def test_values_are_compared_as_values() -> None:
    old, new = slots_of("My birthday is on the 3rd of May."), slots_of("My birthday is May 30.")
    assert linking_slot(new, old) is not None  # "5-3" is not "5-30"
    assert linking_slot(slots_of("Ana works at Google Cloud."), slots_of("Ana works at Google.")) is None
    assert other_subjects(slots_of("Tom is 34."), slots_of("Anna is 34."))
    assert not other_subjects(slots_of("我的表弟张伟今年37岁"), slots_of("我的表弟今年36岁"))  # may be one person


def test_kin_words_are_people_and_listed_words_are_values_in_the_same_fact_test() -> None:
    assert "~subordinate" in anchors("我的下属今年33岁").names
    assert {"本科"} <= anchors("我的下属是本科学历").values
    assert texts_sameness("我的下属是本科学历", "我表哥是硕士学历") is Sameness.DIFFERENT
    assert texts_sameness("My boss likes golf.", "My cousin likes golf.") is Sameness.DIFFERENT
    assert texts_sameness("我的下属喜欢打篮球", "我的下属不喜欢打篮球了") is Sameness.SAME
    # Said again in other words, nothing changed: a restatement retires nothing (anchors.sameness).
    assert texts_sameness("我的下属喜欢打篮球", "我的下属也喜欢打篮球") is Sameness.DIFFERENT


@pytest.mark.django_db
def test_a_slot_pair_in_review_says_why(alice: KeyedClient) -> None:
    old = create(alice, type="preference", content="Olga's favourite band is Muse.", confidence=0.95)
    new = create(alice, type="preference", content="Olga's favourite band is Radiohead.", confidence=0.95)
    assert new["resolution"]["action"] == "conflict" and new["resolution"]["related"] == [old["id"]]
    item = next(i for i in review_items(alice) if i["memory"]["id"] == new["id"])
    assert "olga · favourite:band" in item["reason"] and "muse" in item["reason"] and "radiohead" in item["reason"]
    assert get(alice, old["id"])["status"] == "conflicted"


@pytest.mark.django_db
def test_a_low_confidence_value_waits_in_review_beside_the_old_one(alice: KeyedClient) -> None:
    old = create(alice, content="邓超住在青岛。", confidence=0.95)
    new = create(alice, content="邓超现在住在烟台。", confidence=0.5)
    assert new["resolution"] == {**new["resolution"], "action": "pending", "related": [old["id"]]}
    assert get(alice, old["id"])["status"] == "active"
    response = alice.client.get(f"{API}/review")
    assert response.status_code == 200


@pytest.mark.django_db
def test_a_value_that_would_retire_other_slots_is_a_conflict_for_a_person(alice: KeyedClient) -> None:
    """The newer value is live (an agent asking sees it), the older kept and marked; a person decides."""
    old = create(alice, content="Bea is 34 and works at Adyen.", confidence=0.95)  # age and employer
    new = create(alice, content="Bea works at Mollie now.", confidence=0.95)
    assert new["resolution"] == {**new["resolution"], "action": "conflict", "related": [old["id"]]}
    assert get(alice, old["id"])["status"] == "conflicted" and get(alice, new["id"])["status"] == "active"
    assert any(i["memory"]["id"] == new["id"] and i["other_memory"]["id"] == old["id"] for i in review_items(alice))
    unsure = create(alice, content="Bea works at Bunq now.", confidence=0.5)  # not stated with confidence: waits
    assert unsure["resolution"]["action"] == "pending"


def test_a_job_said_with_its_employer_goes_with_it(alice: KeyedClient) -> None:
    """"A data scientist at Adyen" is a job there: another employer (or one left by name) retires the statement."""
    for old_text, new_text in (("Bea is a data scientist at Adyen.", "Bea works at Mollie now."),
                               ("我在美团做产品经理。", "已经不在美团干了。"),
                               ("My wife is a nurse at Kaiser.", "my wife left kaiser last month")):
        old = create(alice, content=old_text, confidence=0.95)
        new = create(alice, content=new_text, confidence=0.95)
        assert new["resolution"]["action"] == "superseded", (old_text, new_text, new["resolution"])
        assert get(alice, old["id"])["status"] == "deprecated"


def test_a_later_clause_is_about_the_person_the_sentence_introduced() -> None:
    """A clause without a subject goes on with the sentence's topic: its first clause that is no discourse marker;
    the speaker only when the topic is 我 itself, never a person of theirs ("我带的学生", "我那个同事": the
    colleague's)."""
    def said(text: str) -> list[tuple[str, str]]:
        return sorted((s.key, s.value) for s in slots_of(text))

    assert said("对了，我姑姑在工商银行上班，职位是柜员。") == [("~姑姑|employer", "工商银行"), ("~姑姑|job", "柜员")]
    assert said("跟你讲，我带的学生现在在一家律所上班，做律师。") == []
    assert said("我想起来了，我那个老同事就职于万科，岗位是出纳。") == [("~colleague|employer", "万科"),
                                                             ("~colleague|job", "出纳")]
    assert said("我换号了，新号码是13987654321。") == [("self|phone", "13987654321")]
    assert said("By the way, my uncle moved to Leeds and is a nurse now.") == [
        ("~uncle|city", "leeds"), ("~uncle|job", "nurse")]
    assert said("Ben left Shopify and joined Stripe.") == [("ben|employer", "stripe")]


@pytest.mark.parametrize(("text", "key", "value"), [
    ("王刚在腾讯工作。", "王刚|employer", "腾讯"),  # 刚 starts an adverb (刚, 刚刚): the name is read whole
    ("陈静都三十岁了", "陈静|age", "30"),  # 都 likewise
    ("赵敏就在阿里上班", "赵敏|employer", "阿里"),
    ("张伟也住在苏州", "张伟|city", "苏州"),
    ("梁志刚今年三十五岁了。", "梁志刚|age", "35"),
    ("李强还住在北京", "李强|city", "北京"),
])
def test_a_chinese_name_ending_in_an_adverbs_character_is_read_whole(text: str, key: str, value: str) -> None:
    assert [(s.key, s.value) for s in slots_of(text)] == [(key, value)]


def test_a_chinese_speaker_label_is_the_speaker_and_a_heading_is_not() -> None:
    assert [(s.key, s.value) for s in slots_of("林晓峰：我搬到深圳了。")] == [("林晓峰|city", "深圳")]
    assert [(s.key, s.value) for s in slots_of("周婷: 我今年二十八岁")] == [("周婷|age", "28")]
    assert [(s.key, s.value) for s in slots_of("注意：我搬到深圳了")] == [("self|city", "深圳")]


def test_a_year_written_where_this_year_was_still_reads_the_age() -> None:
    """The extractor writes 今年 as the year it was said in ("用户2026年36岁了。"): the age is still read."""
    assert [(s.key, s.value) for s in slots_of("用户2026年36岁了。")] == [("self|age", "36")]
    assert [(s.key, s.value) for s in slots_of("用户的女儿2025年八岁。")] == [("~daughter|age", "8")]


def test_a_place_studied_at_is_no_employer() -> None:
    assert slots_of("我小姨在成都航空职业技术学院读完大专就工作了。") == ()
    assert slots_of("表妹在复旦大学毕业后就一直在上班") == ()
    assert [(s.key, s.value) for s in slots_of("我表哥在复旦大学工作。")] == [("~表哥|employer", "复旦大学")]


@pytest.mark.parametrize(("text", "key", "value"), [
    ("孙丽华：我那个领导过完生日就51岁了。", "~boss|age", "51"),
    ("跟你说，赵振华过完生日就十岁了。", "赵振华|age", "10"),
    ("说起来高雪梅都64岁了，时间过得真快。", "高雪梅|age", "64"),
    ("我这个表哥快四十岁了", "~表哥|age", "40"),
    ("话说吴婷婷刚满18岁", "吴婷婷|age", "18"),
    ("余国栋（我领导）是1月18号生的。", "余国栋|birthday", "1-18"),
    ("我妈是1965年3月2日出生的", "~mother|birthday", "3-2"),
])
def test_chinese_ages_and_birthdays_in_everyday_forms(text: str, key: str, value: str) -> None:
    """An age said on the way ("过完生日就…", "都…了", "快…", "刚满…"), a birthday as "…生的", a person referred back
    to ("我那个领导", "我这个表哥") and a name with its apposition ("余国栋（我领导）")."""
    assert [(s.key, s.value) for s in slots_of(text)] == [(key, value)]


@pytest.mark.parametrize("text", ["他才来了三天", "我快到家了", "我们才认识两年", "我那个项目快结束了"])
def test_what_is_no_age_fills_no_age(text: str) -> None:
    assert not [s for s in slots_of(text) if s.attribute in ("age", "birthday")]


def test_a_chinese_kinship_word_of_several_people_is_its_own_slot() -> None:
    """表姐 and 堂弟 are both "cousin" in English, 舅舅 and 叔叔 both "uncle": other people, other slots; a word of one
    person keeps its role, so 老婆 and 妻子 are one wife, and 哥 and 哥哥 one brother."""
    def keys(text: str) -> list[str]:
        return [s.key for s in slots_of(text)]

    assert keys("我那个表姐今年刚满41岁") != keys("我堂弟今年二十三岁了")
    assert keys("我舅舅住在青岛") != keys("我叔叔住在大连")
    assert keys("我老婆在腾讯上班") == keys("我妻子在阿里上班") == ["~wife|employer"]
    assert keys("我哥今年31岁") == keys("我哥哥今年三十岁")


@pytest.mark.parametrize(("text", "key", "value"), [
    ("我下属在青岛买了房，不打算挪窝了。", "~subordinate|city", "青岛"),
    ("我们去年在成都安家了", "self|city", "成都"),
    ("我姐在杭州买了套房子", "~姐姐|city", "杭州"),
])
def test_a_chinese_home_bought_or_settled_is_where_one_lives(text: str, key: str, value: str) -> None:
    assert [(s.key, s.value) for s in slots_of(text)] == [(key, value)]


def test_what_is_bought_online_is_no_home() -> None:
    assert not [s for s in slots_of("我在网上买了房贷保险") if s.attribute == "city"]


@pytest.mark.parametrize(("text", "key", "value"), [
    ("我舅舅前年从哈尔滨搬到了珠海", "~舅舅|city", "珠海"),
    ("郝雯从老家搬回了长沙", "郝雯|city", "长沙"),
    ("我们一家打算定居厦门了", "self|city", "厦门"),
    ("我侄子被调到合肥分公司了", "~侄子|city", "合肥"),
    ("我同学甄妮被外派到新加坡了", "甄妮|city", "新加坡"),
    ("我室友一家都在温州", "~roommate|city", "温州"),
    ("我大姨一直在兰州生活", "~姨|city", "兰州"),
    ("傅斌已经定居绵阳了", "傅斌|city", "绵阳"),
])
def test_a_chinese_move_said_many_ways_is_where_one_lives(text: str, key: str, value: str) -> None:
    """Moving from somewhere, moving back, settling, a transfer and a household, each naming its city."""
    assert [(s.key, s.value) for s in slots_of(text) if s.attribute == "city"] == [(key, value)]


@pytest.mark.parametrize("text", ["唐慧在西安生活过两年", "我表哥一家都在上班", "老周调到销售部了",
                                  "我们定居好几年了", "我在北京住了三天"])
def test_what_names_no_home_city_fills_none(text: str) -> None:
    """Lived there once, at work, a department, a duration, a stay: no city one lives in."""
    assert not [s for s in slots_of(text) if s.attribute == "city"]


@pytest.mark.parametrize(("text", "said"), [
    ("我高中同学邹凯是干会计的，单位是中石化", {("邹凯|job", "会计"), ("邹凯|employer", "中石化")}),
    ("赖文静换了份工作，新单位是顺丰，做客服", {("赖文静|employer", "顺丰")}),
    ("我表弟刚从原来的公司离职，下个月去比亚迪报到", {("~表弟|employer", "比亚迪")}),
    ("跟你讲个事，洪磊已经入职小米了，当产品经理", {("洪磊|employer", "小米"), ("洪磊|job", "产品经理")}),
    ("我大学舍友现在的工作是护士", {("~roommate|job", "护士")}),
])
def test_a_chinese_job_change_names_the_new_workplace(text: str, said: set[tuple[str, str]]) -> None:
    """A new workplace named after the old one was left, a start date's 报到, a surname the list lacked (傅, 赖,
    洪), a qualifier before the kinship word (大学舍友); a subjectless clause is the opener's."""
    assert said <= {(s.key, s.value) for s in slots_of(text)}


@pytest.mark.parametrize(("text", "key", "value"), [
    ("My cousin Raj moved from Leeds to Bristol.", "raj|city", "bristol"),
    ("we moved from new york to austin in may", "self|city", "austin"),
    ("I relocated from San Francisco to Denver last spring.", "self|city", "denver"),
])
def test_a_move_from_somewhere_is_where_one_lives_now(text: str, key: str, value: str) -> None:
    assert [(s.key, s.value) for s in slots_of(text) if s.attribute == "city"] == [(key, value)]


@pytest.mark.parametrize(("text", "key", "value"), [
    ("我婆婆今年七十三了", "~mother-in-law|age", "73"),
    ("邹凯都45了，还跟小伙子似的", "邹凯|age", "45"),
    ("我外甥的年龄嘛，今年19", "~外甥|age", "19"),
    ("我师傅常驻成都，很少回来", "~mentor|city", "成都"),
    ("我表妹让我把照片发到biaomei@126.com", "~表妹|email", "biaomei@126.com"),
])
def test_chinese_ages_without_sui_homes_and_addresses_asked_for(text: str, key: str, value: str) -> None:
    """An age said without 岁, a city one is stationed in (常驻), an address someone asked mail to go to."""
    assert (key, value) in [(s.key, s.value) for s in slots_of(text)]


@pytest.mark.parametrize("text", ["我女儿今年三年级了", "我们今年两个人过年", "我儿子今年一年级", "我都三次了",
                                  "我们公司今年42个项目"])
def test_a_number_that_is_no_age_fills_no_age(text: str) -> None:
    assert not [s for s in slots_of(text) if s.attribute == "age"]


@pytest.mark.parametrize(("text", "said"), [
    ("I've been a paramedic for eight years.", [("self|job", "paramedic")]),
    ("The user has been a pharmacist for 12 years", [("self|job", "pharmacist")]),
    ("Lena has been a lawyer at Baker McKenzie for nearly a decade.",
     [("lena|employer", "baker mckenzie"), ("lena|job", "lawyer")]),
])
def test_how_long_one_has_done_a_job_is_no_employer(text: str, said: list[tuple[str, str]]) -> None:
    assert sorted((s.key, s.value) for s in slots_of(text)) == sorted(said)


@pytest.mark.parametrize(("text", "key", "value"), [
    ("Priya got transferred to the Lisbon office last month.", "priya|city", "lisbon"),
    ("I'm now based in Rotterdam.", "self|city", "rotterdam"),
    ("We've settled down in Girona.", "self|city", "girona"),
    ("Omar is starting at Siemens in January.", "omar|employer", "siemens"),
    ("My wife's new company is Klarna.", "~wife|employer", "klarna"),
    ("My new job is at Monzo.", "self|employer", "monzo"),
])
def test_a_move_or_a_new_job_said_in_passing(text: str, key: str, value: str) -> None:
    """A transfer to a city's office, a base, settling down, a start date at a named employer, a new company."""
    assert (key, value) in [(s.key, s.value) for s in slots_of(text)]


@pytest.mark.parametrize("text", ["I start at 9am tomorrow.", "He was transferred to the Sales team.",
                                  "School starts at Eight.", "I'm starting at the bottom."])
def test_a_time_a_team_or_a_thing_starting_is_no_move_or_job(text: str) -> None:
    assert not [s for s in slots_of(text) if s.attribute in {"city", "employer"}]


def test_a_name_after_a_kinship_word_stops_before_the_verb() -> None:
    """"我同事刘洋住在…": the person is 刘洋, not 刘洋住, and a later clause of the sentence is still 刘洋's; names of
    three characters keep their third."""
    said = slots_of("我同事刘洋住在天通苑，每天通勤两小时")
    assert [(s.subject, s.attribute, s.value) for s in said] == [("刘洋", "city", "天通苑")]
    said = slots_of("我表妹陈思雨住在成都，今年二十六岁")
    assert {(s.subject, s.attribute, s.value) for s in said} == {("陈思雨", "city", "成都"), ("陈思雨", "age", "26")}


@pytest.mark.parametrize("text", ["I cooked a chicken for my in-laws on Sunday", "I grilled burgers for the neighbours",
                                  "I ordered chicken wings for the whole office"])
def test_meat_cooked_or_bought_for_someone_else_is_no_diet(text: str) -> None:
    assert not [s for s in slots_of(text) if s.attribute == "diet"], slots_of(text)


def test_meat_cooked_for_a_meal_of_ones_own_is_still_eaten() -> None:
    assert [s.value for s in slots_of("I grilled a steak for dinner") if s.attribute == "diet"] == ["meat"]
