"""Traditional Chinese characters read in simplified form: the Chinese rules (the slot modules, the extractor's
clauses, jieba's dictionary) are written for simplified characters, so "我辭職了" fills the same slot as "我辞职了"."""

from __future__ import annotations

# Traditional characters and their simplified forms, position by position: common characters whose
# traditional form is never itself a simplified character ("後" → "后", but "著" and "乾" are left alone).
_TRADITIONAL = (
    "們個這說對會來時為從還後過們沒點麼裡裏當現種開關們讓給問題與東車門間電話們記憶體條無論業務員學習寫"
    "樣應該愛國際機場經濟區縣鄉鎮於萬億買賣貝錢銀貨幣費貴賺帳單價們飯麵飲雞鴨魚蝦湯餅館廳餵養隻兒孫爺媽"
    "姊媽婦親戚係繫歲齡醫藥療診斷腦臟腎膽肺瘡癒癢過敏聽說話語誰請謝讀書課試卷題級畢業專師導組織團隊"
    "總統領導際網絡線傳訊號碼檔資料庫處理顯變換轉運動遊戲練鍛煉實驗驚嚇擔憂頭髮臉腳膚體態買賽場館舊燈"
    "鐘錶鏡鑰匙鍋爐邊頂層樓廁臥廚陽臺灣鄰幫忙歡喜樂劇聲響嗎嗯喲囉啟發難過雙單張幾隊級陳劉楊黃趙吳鄭馮蔣"
    "韓謝許呂盧蕭羅鄧葉馬龍鳳鵬麗華義禮興慶壽寧億燒熱涼飄滿溝濕決減準幣歷曆壓廣東圖書館筆紙報雜誌"
    "讚貓狗獵犬鳥豬羊隻們蘋鳳鐵節約週末舊紀錄離婚結證戀愛歲數據庫產費設計劃計晝夜夢覺歸還換遠"
    "近選擇認識誤錯們衛兩辦務麥參觀際們"
)
_SIMPLIFIED = (
    "们个这说对会来时为从还后过们没点么里里当现种开关们让给问题与东车门间电话们记忆体条无论业务员学习写"
    "样应该爱国际机场经济区县乡镇于万亿买卖贝钱银货币费贵赚帐单价们饭面饮鸡鸭鱼虾汤饼馆厅喂养只儿孙爷妈"
    "姊妈妇亲戚系系岁龄医药疗诊断脑脏肾胆肺疮愈痒过敏听说话语谁请谢读书课试卷题级毕业专师导组织团队"
    "总统领导际网络线传讯号码档资料库处理显变换转运动游戏练锻炼实验惊吓担忧头发脸脚肤体态买赛场馆旧灯"
    "钟表镜钥匙锅炉边顶层楼厕卧厨阳台湾邻帮忙欢喜乐剧声响吗嗯哟啰启发难过双单张几队级陈刘杨黄赵吴郑冯蒋"
    "韩谢许吕卢萧罗邓叶马龙凤鹏丽华义礼兴庆寿宁亿烧热凉飘满沟湿决减准币历历压广东图书馆笔纸报杂志"
    "赞猫狗猎犬鸟猪羊只们苹凤铁节约周末旧纪录离婚结证恋爱岁数据库产费设计划计昼夜梦觉归还换远"
    "近选择认识误错们卫两办务麦参观际们"
)
# more, as traditional-simplified pairs
_PAIRS = ("圓圆園园長长進进達达連连細细紅红綠绿藍蓝漢汉罵骂見见親亲視视觀观訂订護护稅税貼贴貸贷資资賬账質质"
          "購购賓宾軟软輕轻較较郵邮針针鋼钢錄录鍵键閉闭隨随險险雖虽雲云靜静順顺預预頻频顏颜願愿風风飛飞駕驾"
          "鬧闹齊齐齒齿龜龟職职聯联膠胶舉举術术衝冲補补裝装複复覺觉遲迟適适達达際际傷伤屬属鞋鞋襪袜褲裤辭辞"
          "騎骑駛驶")
TO_SIMPLIFIED = {t: s for t, s in [*zip(_TRADITIONAL, _SIMPLIFIED, strict=True), *zip(_PAIRS[::2], _PAIRS[1::2],
                                                                                          strict=True)] if t != s}


_TABLE = str.maketrans(TO_SIMPLIFIED)


def simplified(text: str) -> str:
    """``text`` with each common traditional character in its simplified form (others unchanged)."""
    return text.translate(_TABLE)
