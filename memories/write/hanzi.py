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
# and more everyday characters of Taiwan and Hong Kong typing ("天氣", "傾偈", "評論"), as pairs too
_MORE = ("悶闷氣气傾倾擁拥訴诉評评詞词議议調调談谈諾诺誠诚誕诞詳详諸诸謀谋講讲謊谎謹谨譯译負负財财貢贡販贩貪贪貧贫"
         "貫贯責责賀贺賃赁賊贼賞赏賠赔賦赋賭赌賴赖贈赠贊赞軍军軌轨載载輛辆輪轮輸输農农遷迁遺遗釋释釣钓鈔钞鈴铃"
         "鉛铅銅铜鋪铺銷销鋒锋錦锦鎖锁閃闪閒闲閱阅闆板闊阔閣阁陣阵陰阴陸陆隱隐階阶霧雾靈灵項项須须頓顿頗颇額额"
         "類类顧顾飽饱饅馒餓饿餘余驅驱鵝鹅畫画廠厂廟庙廢废彈弹強强徑径復复戰战戶户擊击擠挤擴扩擺摆攝摄敗败暫暂"
         "棄弃極极標标樹树橋桥檢检權权歐欧殺杀淚泪淨净測测溫温滅灭漲涨潔洁烏乌煙烟營营爭争牆墙狀状獨独獎奖獲获"
         "環环畝亩盡尽監监盤盘眾众睏困確确礎础禍祸稱称穩稳窮穷競竞範范築筑簡简簽签糧粮糾纠紛纷終终絕绝絲丝綁绑"
         "維维緊紧績绩繼继續续聖圣聞闻聰聪肅肃脅胁脫脱腫肿臨临艱艰藝艺蘭兰虧亏蟲虫製制規规觸触討讨訓训訪访詩诗"
         "誇夸諮咨豐丰趕赶趨趋跡迹踐践躍跃違违醬酱颱台騙骗鬆松鬥斗魯鲁鹽盐偉伟側侧偵侦傑杰傘伞備备債债僅仅儀仪"
         "儘尽優优償偿內内冊册凍冻劑剂勁劲勝胜勞劳勢势勵励協协卻却嘆叹嚴严囑嘱圍围塊块壞坏壯壮壺壶夠够奪夺奮奋"
         "將将尋寻屆届島岛峽峡嶺岭幹干彎弯徹彻恆恒悅悦惡恶惱恼慘惨慣惯慮虑懷怀懶懒嗚呜嚕噜噸吨衆众邁迈鍊炼鏈链"
         "閑闲騰腾鳴鸣紡纺頁页黨党綜综緒绪緣缘縮缩繳缴罰罚翹翘莊庄蓋盖蘇苏螢萤襯衬諒谅謂谓謎谜譽誉豎竖輔辅釐厘"
         "閩闽颳刮驛驿齣出櫃柜櫥橱")
TO_SIMPLIFIED = {t: s for t, s in [*zip(_TRADITIONAL, _SIMPLIFIED, strict=True), *zip(_PAIRS[::2], _PAIRS[1::2],
                                                                                          strict=True),
                                   *zip(_MORE[::2], _MORE[1::2], strict=True)] if t != s}


_TABLE = str.maketrans(TO_SIMPLIFIED)


def simplified(text: str) -> str:
    """``text`` with each common traditional character in its simplified form (others unchanged)."""
    return text.translate(_TABLE)
