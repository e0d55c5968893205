"""Where a Chinese speaker belongs (``memories.write.slots_zh_belong``), in other words than bench/fresh9_zh_set.py:
a home town, a 户口, a team or ward, a monthly pay, a target school and a trainee taken on each meet what was said
before; a team as the subject, another person's, a past or hoped-for one, money handed on and a hotel stay fill no
slot of the speaker's."""

from __future__ import annotations

import pytest

from memories.write.slots import covers, linking_slot, slots_of


def _attrs(text: str) -> dict[str, str]:
    return {s.attribute: s.value for s in slots_of(text) if s.subject == "self"}


@pytest.mark.parametrize(("old", "new", "attribute"), [
    ("我老家在福建莆田", "更正一下，老家是福建泉州", "hometown"),
    ("我是河北人", "我老家是山西大同", "hometown"),
    ("我的户口在四川绵阳", "户口已经迁到成都了", "hukou"),
    ("我户口在老家", "今年落户南京了", "hukou"),
    ("我在增长组写前端", "这个月调到了搜索组", "team"),
    ("我在骨科当护士", "上周转到了儿科", "team"),
    ("我月薪九千", "现在一个月能挣一万二", "salary"),
    ("考研报的是川大", "目标改成了西南交大", "target_school"),
    ("我在一家银行实习", "上周顺利转正了", "trainee"),
    ("我还在试用期", "试用期已经过了", "trainee"),
])
def test_a_change_of_where_one_belongs_meets_the_old_value(old, new, attribute):
    found = linking_slot(slots_of(new), slots_of(old))
    assert found is not None and found.attribute == attribute, (slots_of(old), slots_of(new))


@pytest.mark.parametrize(("old", "new"), [
    ("我在增长组写前端", "增长组这周又在招人"),
    ("我在增长组写前端", "我媳妇在人事部上班"),
    ("我的户口在四川绵阳", "我小时候户口在乡下"),
    ("我的户口在四川绵阳", "要是能落户上海就好了"),
    ("我月薪九千", "每个月拿一千五给奶奶"),
    ("我老家在福建莆田", "我同事老家是福建泉州"),
    ("我在一家银行实习", "我室友已经转正了"),
    ("我在一家银行实习", "下个月转正答辩"),
    ("我在骨科当护士", "以前在儿科待过"),
])
def test_a_team_as_subject_anothers_past_hoped_or_handed_on_links_nothing(old, new):
    assert linking_slot(slots_of(new), slots_of(old)) is None, (slots_of(old), slots_of(new))


def test_a_unit_is_not_a_body_part_a_club_a_region_or_a_degree():
    for said in ("我在腰部贴了膏药", "我在俱乐部打球", "我在西部", "我在本科的时候住校", "我在全部门垫底"):
        assert "team" not in _attrs(said), said


def test_a_hotel_or_an_inn_is_a_stay_not_a_home():
    for said in ("我住在深圳的汉庭酒店", "我住在丽江古城的客栈", "我住在学校招待所"):
        assert "city" not in _attrs(said), said
    assert _attrs("我住在深圳")["city"] == "深圳"


def test_our_event_is_the_speakers_event():
    ours = slots_of("用户等人的订婚宴定在2027年3月8日")
    mine = slots_of("用户的婚礼定在2027年9月9日")
    assert [s.subject for s in mine] == ["event:婚礼"]
    assert all(not s.subject.startswith("event:等人") for s in ours)
    assert linking_slot(slots_of("用户婚礼改到2027年10月2日了"), slots_of("用户等人的婚礼定在2027年9月9日")) is not None


def test_a_trainee_taken_on_holds_the_trainee_job_and_a_pastime_put_down_ends():
    old = slots_of("用户是设计部的实习生")
    assert any(s.attribute == "job" for s in old), old
    assert covers(slots_of("用户试用期过了"), old)
    assert not covers(slots_of("用户试用期过了"), slots_of("用户是设计师"))
    assert linking_slot(slots_of("尤克里里搁下了"), slots_of("我在练尤克里里")) is not None


def test_moving_out_of_a_place_is_no_employer_left():
    assert "employer" not in _attrs("我从出租屋搬出来了")
    assert _attrs("我从国企出来了")["employer"] == "not:国企"


def test_going_to_an_activity_is_no_place_one_uses():
    assert not any(a.startswith("uses:") for a in _attrs("我周末一般去滑雪"))
    assert _attrs("我每周都去楼下的游泳馆")["uses:游泳馆"] == "楼下的游泳馆"
