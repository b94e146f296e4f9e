#!/usr/bin/env python3
"""Writes the older-news set (pages/, gold/, index.jsonl) from articles.py: news pages laid
out as sites laid them out in 2007-08 (tables, font tags, spacer images, inline scripts,
the site's name in <title>, sections in big headings, a late </title>), every text invented.

Run from this directory: python3 make.py (the pages are committed; run it again after
changing a template or an article, and review the diff)."""

import json
import os
import random

from articles import ARTICLES

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
AR_MONTHS = ["يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس",
             "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"]
AR_DAYS = ["الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت", "الأحد"]
UR_MONTHS = ["جنوری", "فروری", "مارچ", "اپریل", "مئی", "جون", "جولائی", "اگست", "ستمبر",
             "اکتوبر", "نومبر", "دسمبر"]
FA_MONTHS = ["فروردین", "اردیبهشت", "خرداد", "تیر", "مرداد", "شهریور", "مهر", "آبان", "آذر",
             "دی", "بهمن", "اسفند"]
FA_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def weekday(y, m, d):
    import datetime
    return datetime.date(y, m, d).weekday()


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def others(article, n=5):
    """Headlines of the site's other articles, and made-up ones, for the sidebars."""
    same = [a["headline"] for a in ARTICLES if a["site"] == article["site"] and a["id"] != article["id"]]
    filler = FILLER.get(article["site"], FILLER["en"])
    return (same + filler)[:n]


FILLER = {
    "en": ["Bypass plan goes back to the drawing board", "Library hours cut at two branches",
           "Storm damage bill tops $1 million", "Fire station to get new engine",
           "Parking fees to rise in the new year", "Bus route changes start Monday"],
    "urdu": ["شہر میں پانی کی قلت پر احتجاج", "نئے تعلیمی سال کا آغاز", "سڑکوں کی مرمت کا کام شروع"],
    "arabic": ["ارتفاع أسعار الخضار في الأسواق", "بدء العام الدراسي الجديد", "حملة لتنظيف الشواطئ"],
    "bayan": ["ارتفاع أسعار الخضار في الأسواق", "بدء العام الدراسي الجديد", "حملة لتنظيف الشواطئ"],
    "persian": ["افزایش قیمت نان در تهران", "آغاز سال تحصیلی جدید", "طرح تازه برای حمل و نقل عمومی"],
}

AD = """<script type="text/javascript"><!--
document.write('<scr'+'ipt src="http://ads.adnet-example.com/js.ng/site={site}&amp;size=468x60&amp;rnd='+Math.floor(Math.random()*99999)+'"></scr'+'ipt>');
//--></script>
<noscript><a href="http://ads.adnet-example.com/click.ng/site={site}"><img src="http://ads.adnet-example.com/image.ng/site={site}" width="468" height="60" border="0" alt="Advertisement"></a></noscript>"""


def paras_p(a, font=None):
    out = []
    for p in a["paras"]:
        p = esc(p)
        out.append(f'<p><font face="{font}" size="2">{p}</font></p>' if font else f"<p>{p}</p>")
    return "\n".join(out)


# --------------------------------------------------------------------------------------------
def ledger(a):
    y, m, d = a["date"]
    others_html = "\n".join(f'<tr><td><font size="1" face="Verdana">&#8226; <a href="/news/story_{4400 + i}.html">{esc(h)}</a></font></td></tr>' for i, h in enumerate(others(a)))
    sections = ["Home", "Local News", "Business", "Schools", "Sports", "Obituaries", "Opinion", "Classifieds", "Weather"]
    nav = " | ".join(f'<a href="/{s.lower().replace(" ", "")}/"><font color="#FFFFFF">{s}</font></a>' for s in sections)
    return f"""<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<html>
<head>
<title>The Harbor City Ledger</title>
<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">
<meta name="keywords" content="Harbor City, news, local news, ledger">
<link rel="stylesheet" href="/css/ledger.css" type="text/css">
<script language="JavaScript" src="/js/menu.js"></script>
</head>
<body bgcolor="#FFFFFF" topmargin="0" leftmargin="0" marginwidth="0" marginheight="0">
<table width="760" border="0" cellspacing="0" cellpadding="0" align="center">
<tr><td colspan="3"><a href="/"><img src="/images/ledger_masthead.gif" width="760" height="80" border="0" alt="The Harbor City Ledger"></a></td></tr>
<tr><td colspan="3" bgcolor="#003366" height="22"><font face="Verdana" size="1">&nbsp;{nav}</font></td></tr>
<tr><td colspan="3"><img src="/images/spacer.gif" width="1" height="8"></td></tr>
<tr valign="top">
<td width="140" bgcolor="#EEEEEE">
<table width="140" cellpadding="4" cellspacing="0" border="0">
<tr><td><font face="Verdana" size="1"><b>SECTIONS</b></font></td></tr>
{"".join(f'<tr><td><font face="Verdana" size="1"><a href="/{s.lower().replace(" ", "")}/">{s}</a></font></td></tr>' for s in sections)}
<tr><td><font face="Verdana" size="1"><b>SERVICES</b></font><br><font face="Verdana" size="1"><a href="/subscribe/">Subscribe</a><br><a href="/archive/">Archives</a><br><a href="/contact/">Contact Us</a></font></td></tr>
</table>
</td>
<td width="460">
<table width="100%" cellpadding="6" cellspacing="0" border="0"><tr><td>
<font face="Verdana" size="1" color="#990000"><b>{esc(a["section"]).upper()}</b></font><br>
<font face="Georgia, Times New Roman" size="5"><b>{esc(a["headline"])}</b></font><br>
<img src="/images/spacer.gif" width="1" height="6"><br>
<font face="Verdana" size="1">By {esc(a["byline"][0])}<br>{esc(a["byline"][1])}</font><br>
<font face="Verdana" size="1">{DAYS[weekday(y, m, d)]}, {MONTHS[m - 1]} {d}, {y}</font>
<br><br>
{paras_p(a, "Arial")}
<p><font face="Verdana" size="1"><a href="javascript:window.print()">Print this story</a> | <a href="/email.php?story={a["id"]}">E-mail this story</a></font></p>
</td></tr></table>
</td>
<td width="160">
<table width="160" cellpadding="3" cellspacing="0" border="0">
<tr><td bgcolor="#003366"><font face="Verdana" size="1" color="#FFFFFF"><b>MOST READ</b></font></td></tr>
{others_html}
<tr><td>{AD.format(site="ledger")}</td></tr>
</table>
</td>
</tr>
<tr><td colspan="3" align="center"><hr size="1" noshade><font face="Verdana" size="1">Copyright &copy; {y} The Harbor City Ledger. All rights reserved.<br><a href="/privacy/">Privacy Policy</a> | <a href="/terms/">Terms of Use</a></font></td></tr>
</table>
</body>
</html>
"""


def radio(a):
    y, m, d = a["date"]
    body = "<br><br>\n".join(esc(p) for p in a["paras"])
    more = "\n".join(f'<li><a href="/news/default.aspx?id={9000 + i}">{esc(h)}</a></li>' for i, h in enumerate(others(a, 6)))
    return f"""<html>
<head>
<title>1240 KWMT - News Talk Radio</title>
<meta name="description" content="1240 KWMT - Marlow County's News Talk Radio">
<link href="/styles/main.css" rel="stylesheet" type="text/css">
</head>
<body>
<div id="wrapper">
<div id="header"><a href="/"><img src="/images/kwmt_logo.jpg" alt="1240 KWMT - News Talk Radio" border="0"></a>
<div class="clock">Current Time: {m:02d}/{min(d + 2, 28):02d}/{y} 10:12 AM</div>
<div class="listen"><a href="/listenlive.asx">LISTEN LIVE</a></div></div>
<div id="topnav"><a href="/">Home</a> <a href="/news/">News</a> <a href="/shows/">Shows</a> <a href="/weather/">Weather</a> <a href="/sports/">Sports</a> <a href="/contests/">Contests</a> <a href="/contact/">Contact</a></div>
<table width="100%" cellpadding="0" cellspacing="0"><tr valign="top">
<td width="170" id="leftcol">
<div class="box"><b>On Air Now</b><br>The Morning Show<br>with Rick &amp; Donna</div>
<div class="box"><b>Program Schedule</b><br><a href="/shows/morning.htm">Morning Show</a><br><a href="/shows/midday.htm">Midday</a><br><a href="/shows/drive.htm">Afternoon Drive</a><br><a href="/shows/talkback.htm">Talkback</a></div>
</td>
<td id="content">
<h1>{esc(a["section"])}</h1>
<h2 class="storytitle">{esc(a["headline"])}</h2>
<div class="storydate">Posted: {m}/{d}/{y} 4:52:10 PM</div>
<div class="storybody">
{body}
</div>
<br>
<div class="morenews"><b>Other Stories</b>
<ul>
{more}
</ul></div>
</td>
<td width="180" id="rightcol">{AD.format(site="kwmt")}
<div class="box"><b>Weather</b><br>Partly cloudy, 54&deg;F</div></td>
</tr></table>
<div id="footer">&copy; {y} KWMT Radio. All Rights Reserved. | <a href="/eeo.htm">EEO Report</a></div>
</div>
</body>
</html>
"""


def gate(a):
    y, m, d = a["date"]
    recent = "\n".join(f'<li><a href="/blogs/worldviews/archives/{i}.html">{esc(h)}</a></li>' for i, h in enumerate(others(a, 5)))
    return f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<title>NorthBayGate: World Views</title>
<link rel="stylesheet" href="/blogs/styles-site.css" type="text/css" />
<link rel="alternate" type="application/atom+xml" title="Atom" href="/blogs/worldviews/atom.xml" />
</head>
<body>
<div id="masthead"><a href="/"><img src="/img/nbg_logo.gif" alt="NorthBayGate.com" width="200" height="40" /></a>
<ul id="gatenav"><li><a href="/news/">News</a></li><li><a href="/sports/">Sports</a></li><li><a href="/business/">Business</a></li><li><a href="/entertainment/">Entertainment</a></li><li><a href="/blogs/">Blogs</a></li><li><a href="/travel/">Travel</a></li></ul></div>
<div id="container">
<div class="blogbanner">
<h1><a href="/blogs/worldviews/">{esc(a["section"])}</a></h1>
<p class="description">Notes and postcards from abroad</p>
</div>
<div id="center">
<h2 class="date-header">{DAYS[weekday(y, m, d)]}, {MONTHS[m - 1]} {d}, {y}</h2>
<div class="entry">
<h3 class="entry-header">{esc(a["headline"])}</h3>
<div class="entry-body">
{paras_p(a)}
</div>
<p class="entry-footer">Posted by {esc(a["byline"][0])} at 09:14 AM | <a href="#permalink">Permalink</a> | <a href="#comments">Comments (4)</a> | <a href="#trackback">TrackBack (0)</a></p>
</div>
<div class="comments-head">Comments</div>
<div class="comment"><p>Wonderful piece, brought back memories of my own trip there in the seventies.</p><p class="comment-footer">Posted by: Gordon | {MONTHS[m - 1]} {d}, {y} 11:32 AM</p></div>
</div>
<div id="right">
<div class="sidetitle">Recent Posts</div>
<ul>{recent}</ul>
<div class="sidetitle">About World Views</div>
<p>Ana Ruiz writes about travel and daily life around the world.</p>
</div>
</div>
<div id="gatefooter">&copy; {y} NorthBayGate.com | <a href="/privacy/">Privacy Policy</a> | <a href="/feedback/">Feedback</a></div>
</body>
</html>
"""


def kestrel(a, late_title):
    y, m, d = a["date"]
    if late_title:
        head_title = """<title>KESTREL SPORT
<!-- inline library -->
<script type="text/javascript" src="http://sportimg.kestrel.co.uk/shared/js/library.js"></script>
<link type="text/css" rel="stylesheet" href="http://sportimg.kestrel.co.uk/shared/css/story.css">
</title>"""
    else:
        head_title = f"<title>KESTREL SPORT | Football | {esc(a['section'])} | {esc(a['headline'])}</title>"
    see_also = "\n".join(f'<div class="arr"><a href="/sport2/hi/football/{7240 + i}.stm">{esc(h)}</a></div>' for i, h in enumerate(others(a, 4)))
    return f"""<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN" "http://www.w3.org/TR/REC-html40/loose.dtd">
<html>
<head>
{head_title}
<meta name="Headline" content="{esc(a['headline'])}">
<meta name="Section" content="Football">
<script type="text/javascript">var ksSection = "football"; var ksStory = "{a['id']}";</script>
</head>
<body marginwidth="0" marginheight="0" leftmargin="0" topmargin="0" bgcolor="#ffffff">
<!-- KSPTOOLBAR -->
<table width="770" cellpadding="0" cellspacing="0" border="0"><tr><td class="ksptoolbar"><a href="/"><img src="/img/kestrel.gif" width="84" height="24" alt="Kestrel" border="0"></a>
<a href="/home/">Home</a> <a href="/news/">News</a> <a href="/sport/">Sport</a> <a href="/weather/">Weather</a> <a href="/radio/">Radio</a> <a href="/tv/">TV</a></td></tr></table>
<!-- /KSPTOOLBAR -->
<table width="770" cellpadding="0" cellspacing="0" border="0">
<tr><td colspan="2"><a href="/sport1/hi/default.stm"><img src="/sport/img/kestrel_sport_banner.gif" width="629" height="54" alt="KESTREL SPORT" border="0"></a></td></tr>
<tr valign="top">
<td width="117" class="lhs">
<div class="lhsl"><a href="/sport1/hi/default.stm">Sport Homepage</a></div>
<div class="lhsl"><a href="/sport1/hi/football/default.stm">Football</a></div>
<div class="lhsi"><a href="/sport1/hi/football/eng_prem/default.stm">Premiership</a></div>
<div class="lhsi"><a href="/sport1/hi/football/eng_div_1/default.stm">Championship</a></div>
<div class="lhsi"><a href="/sport1/hi/football/scottish/default.stm">Scottish</a></div>
<div class="lhsl"><a href="/sport1/hi/cricket/default.stm">Cricket</a></div>
<div class="lhsl"><a href="/sport1/hi/rugby_union/default.stm">Rugby Union</a></div>
<div class="lhsl"><a href="/sport1/hi/tennis/default.stm">Tennis</a></div>
</td>
<td width="653">
<table cellpadding="0" cellspacing="0" border="0" width="629"><tr valign="top"><td width="416">
<div class="ds">Page last updated at 17:{d + 10:02d} GMT, {DAYS[weekday(y, m, d)]}, {d} {MONTHS[m - 1]} {y}</div>
<div class="mxb"><div class="sh">{esc(a['headline'])}</div></div>
<div class="mxb"><img src="/sport/img/{a['id']}.jpg" width="226" height="170" alt="" align="right"></div>
{paras_p(a)}
<div class="o"><a href="/email/?story={a['id']}"><img src="/img/email.gif" border="0" alt="">E-mail this to a friend</a> <a href="/print/?story={a['id']}"><img src="/img/print.gif" border="0" alt="">Printable version</a></div>
</td>
<td width="213" class="sidebar">
<div class="sah">SEE ALSO</div>
{see_also}
<div class="sah">TOP FOOTBALL STORIES</div>
<div class="arr"><a href="/sport2/hi/football/7300.stm">Keeper signs new three-year deal</a></div>
</td></tr></table>
</td></tr></table>
<div class="foot"><a href="/help/">Help</a> | <a href="/privacy/">Privacy &amp; Cookies Policy</a> | <a href="/terms/">Terms of Use</a><br>&copy; MMVIII</div>
</body>
</html>
"""


def meridian(a):
    y, m, d = a["date"]
    headline_markup = (f'<h1 class="headline">{esc(a["headline"])}</h1>' if a["id"].endswith("01")
                       else f'<span class="headline">{esc(a["headline"])}</span>')
    return f"""<html>
<head>
<title>{esc(a['headline'])} - {esc(a['section'])} - Sport - Breaking News</title>
<meta name="keywords" content="{esc(a['section'])}, Sport, Breaking News">
<link rel="stylesheet" href="/css/meridian.css">
</head>
<body>
<div id="top"><h1 id="logo"><a href="/">Meridian Online</a></h1>
<div id="date">{DAYS[weekday(y, m, d)]}, {MONTHS[m - 1]} {d}, {y}</div></div>
<div id="nav"><a href="/news/">Breaking News</a> | <a href="/sport/">Sport</a> | <a href="/sport/soccer/">Soccer</a> | <a href="/sport/rugby/">Rugby</a> | <a href="/sport/cricket/">Cricket</a> | <a href="/business/">Business</a> | <a href="/entertainment/">Entertainment</a></div>
<div id="crumbs"><a href="/">Home</a> &gt; <a href="/sport/">Sport</a> &gt; <a href="/sport/{a['section'].lower()}/">{esc(a['section'])}</a></div>
<div id="story">
{headline_markup}
<div class="byline">By {esc(a['byline'][0])}</div>
<div class="dateline">{DAYS[weekday(y, m, d)]}, {MONTHS[m - 1]} {d}, {y} - 6:45 PM</div>
{paras_p(a)}
</div>
<div id="related"><h3>More {esc(a['section'])} news</h3><ul>
{"".join(f'<li><a href="/sport/{i}.html">{esc(h)}</a></li>' for i, h in enumerate(others(a, 4)))}
</ul></div>
<div id="footer">Copyright &copy; {y} Meridian Online Ltd. All rights reserved.</div>
</body>
</html>
"""


def dunmore(a):
    y, m, d = a["date"]
    return f"""<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<html><head>
<title>Dunmore Herald - {esc(a['section'])} - {esc(a['headline'])}</title>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<style type="text/css">h1 {{ font-size: 14px; color: #666; }} .title {{ font-size: 24px; }}</style>
</head>
<body>
<table width="100%" border="0" cellpadding="0" cellspacing="0">
<tr><td><img src="/graphics/dunmore_herald.gif" alt="Dunmore Herald" width="500" height="70"></td><td align="right"><form action="/search/"><input type="text" name="q"><input type="submit" value="Search"></form></td></tr>
<tr><td colspan="2" class="nav"><a href="/">Home</a> | <a href="/news/">News</a> | <a href="/business/">Business</a> | <a href="/education/">Education</a> | <a href="/sport/">Sport</a> | <a href="/letters/">Letters</a> | <a href="/jobs/">Jobs</a> | <a href="/property/">Property</a></td></tr>
</table>
<table width="100%" border="0" cellpadding="8" cellspacing="0"><tr valign="top">
<td width="70%">
<h1>{esc(a['section'])}</h1>
<h2 class="title">{esc(a['headline'])}</h2>
<p class="byline">By <b>{esc(a['byline'][0])}</b>{', ' + esc(a['byline'][1]) if a['byline'][1] else ''}</p>
<p class="date">Published: {d:02d}/{m:02d}/{y} - 09:15</p>
{paras_p(a)}
<p class="tools"><a href="/print/">Print</a> | <a href="/email/">Email to a friend</a> | <a href="/comment/">Have your say</a></p>
</td>
<td width="30%" bgcolor="#F0F0F0">
<h3>Latest {esc(a['section'])} stories</h3>
{"".join(f'<p><a href="/story/{i}/">{esc(h)}</a></p>' for i, h in enumerate(others(a, 4)))}
{AD.format(site="dunmore")}
</td></tr></table>
<p align="center"><small>&copy; {y} Dunmore Herald. Part of the Westshire Newspaper Group.</small></p>
</body></html>
"""


def starwatch(a):
    y, m, d = a["date"]
    return f"""<html>
<head><title>StarWatch - {esc(a['section'])}</title>
<script type="text/javascript">var pageName = "people_today";</script></head>
<body>
<table width="780" align="center" cellspacing="0" cellpadding="0" border="0">
<tr><td><a href="/"><img src="/i/starwatch_logo.png" alt="StarWatch" border="0"></a></td>
<td><a href="/news/">News</a> &middot; <a href="/people/">People today</a> &middot; <a href="/photos/">Photos</a> &middot; <a href="/style/">Style</a> &middot; <a href="/tv/">TV</a></td></tr>
<tr><td colspan="2">
<h1>{esc(a['section'])}</h1>
<div class="story">
<h3><a href="/people/{a['id']}.html">{esc(a['headline'])}</a></h3>
<p class="when">{MONTHS[m - 1]} {d}, {y}</p>
{paras_p(a)}
</div>
<div class="also"><b>Also in People today:</b><br>
{"<br>".join(f'<a href="/people/{i}.html">{esc(h)}</a>' for i, h in enumerate(others(a, 4)))}
</div>
</td></tr>
<tr><td colspan="2" align="center"><font size="1">&copy; {y} StarWatch Media. Photos: agencies.</font></td></tr>
</table>
</body></html>
"""


def wire(a):
    y, m, d = a["date"]
    mon = MONTHS[m - 1][:3] + ("." if len(MONTHS[m - 1]) > 4 else "")
    return f"""<html>
<head>
<title>{esc(a['headline'])}</title>
<meta name="author" content="Continental Press">
</head>
<body>
<div id="masthead"><h1>Continental Press Wire</h1><span>The news as it happens</span></div>
<div id="sections"><a href="/world/">World</a> <a href="/nation/">Nation</a> <a href="/business/">Business</a> <a href="/science/">Science</a> <a href="/sports/">Sports</a></div>
<div id="article">
<h2>{esc(a['headline'])}</h2>
<p class="byline">By {esc(a['byline'][0])}, {esc(a['byline'][1])}</p>
<p class="timestamp">{mon} {d}, {y}</p>
{paras_p(a)}
<p class="copy">Copyright {y} Continental Press. All rights reserved. This material may not be published, broadcast, rewritten or redistributed.</p>
</div>
<div id="more"><h4>Top stories</h4>
{"".join(f'<p><a href="/story/{i}">{esc(h)}</a></p>' for i, h in enumerate(others(a, 4)))}
</div>
</body>
</html>
"""


def blog(a):
    y, m, d = a["date"]
    return f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" id="sixapart-standard">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<meta name="generator" content="Movable Type 3.35" />
<title>Tidewater Notes: {esc(a['headline'])}</title>
<link rel="stylesheet" href="http://tidewaternotes.org/styles-site.css" type="text/css" />
</head>
<body class="layout-two-column-right">
<div id="container"><div id="container-inner" class="pkg">
<div id="banner"><div id="banner-inner" class="pkg">
<h1 id="banner-header"><a href="http://tidewaternotes.org/" accesskey="1">Tidewater Notes</a></h1>
<h2 id="banner-description">Mud, boats and birds on the upper bay</h2>
</div></div>
<div id="pagebody"><div id="pagebody-inner" class="pkg">
<div id="alpha"><div id="alpha-inner" class="pkg">
<p class="content-nav"><a href="http://tidewaternotes.org/archives/prev.html">&laquo; Previous</a> | <a href="http://tidewaternotes.org/">Main</a> | <a href="http://tidewaternotes.org/archives/next.html">Next &raquo;</a></p>
<h2 class="date-header">{DAYS[weekday(y, m, d)]}, {MONTHS[m - 1]} {d}, {y}</h2>
<div class="entry" id="entry-{a['id']}">
<h3 class="entry-header">{esc(a['headline'])}</h3>
<div class="entry-content"><div class="entry-body">
{paras_p(a)}
</div></div>
<p class="entry-footer"><span class="post-footers">Posted by {esc(a['byline'][0])} on {MONTHS[m - 1]} {d}, {y} 10:03 PM</span> <span class="separator">|</span> <a class="permalink" href="#">Permalink</a></p>
</div>
</div></div>
<div id="beta"><div id="beta-inner" class="pkg">
<div class="module-archives module"><h2 class="module-header">Recent Entries</h2><div class="module-content"><ul class="module-list">
{"".join(f'<li class="module-list-item"><a href="/archives/{i}.html">{esc(h)}</a></li>' for i, h in enumerate(others(a, 3)))}
</ul></div></div>
<div class="module-powered module"><div class="module-content">Powered by<br /><a href="http://www.sixapart.com/movabletype/">Movable Type 3.35</a></div></div>
</div></div>
</div></div>
</div></div>
</body>
</html>
"""


def notitle(a):
    y, m, d = a["date"]
    head = "<head><title></title></head>\n" if a["id"].endswith("02") else ""
    return f"""<html>
{head}<body bgcolor="#FFFFF0">
<div align="center"><a href="/"><img src="/img/top.gif" border="0" width="600" height="50"></a></div>
<table border="0" width="100%" cellpadding="4">
<tr>
<td width="25%" valign="top"><font face="Arial" size="2"><a href="index.html">Home</a><br><a href="news.html">News</a><br><a href="events.html">Events</a><br><a href="links.html">Links</a></font></td>
<td width="75%" valign="top">
<div align="center"><font size="+2" face="Arial"><b>{esc(a['headline'])}</b></font></div>
<p align="center"><font face="Arial" size="2"><i>{MONTHS[m - 1]} {d}, {y}</i></font></p>
{paras_p(a, "Arial")}
<p><font face="Arial" size="1"><a href="news.html">Back to News</a></font></p>
</td></tr></table>
<p align="center"><font size="1">Last modified: {MONTHS[m - 1]} {d}, {y}</font></p>
</body>
</html>
"""


def urdu(a):
    y, m, d = a["date"]
    return f"""<html dir="rtl" lang="ur">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<title>{esc(a['title_en'])} | Roshni</title>
<meta name="keywords" content="Urdu News, Urdu Columns, Roshni Daily">
</head>
<body>
<table width="100%" cellspacing="0" cellpadding="0" border="0">
<tr><td align="center"><img src="/images/roshni_logo.gif" alt="Roshni Daily" width="400" height="70"></td></tr>
<tr><td class="menu"><a href="/">صفحہ اول</a> | <a href="/news/">خبریں</a> | <a href="/columns/">کالم</a> | <a href="/sports/">کھیل</a> | <a href="/english/">English</a></td></tr>
</table>
<table width="100%" cellspacing="0" cellpadding="6" border="0"><tr valign="top">
<td width="70%">
<div class="section">{esc(a['section'])}</div>
<div class="heading">{esc(a['headline'])}</div>
{'<div class="writer">تحریر: ' + esc(a['byline'][0]) + '</div>' if a['byline'] else ''}
<div class="date">{d} {UR_MONTHS[m - 1]} {y}</div>
{paras_p(a)}
</td>
<td width="30%" class="side"><div class="sidehead">مزید خبریں</div>
{"".join(f'<p><a href="/news/{i}.html">{esc(h)}</a></p>' for i, h in enumerate(others(a, 3)))}
</td></tr></table>
<div class="footer">Copyright &copy; {y} Roshni Daily. All rights reserved.</div>
</body>
</html>
"""


def arabic(a):
    y, m, d = a["date"]
    if a["id"].endswith("01"):
        date_line = f'<div class="date">{AR_DAYS[weekday(y, m, d)]}، {d} {AR_MONTHS[m - 1]} {y}</div>'
        by = f'<div class="writer">كتب - {esc(a["byline"][0])}</div>'
    else:
        date_line = f'<div class="date">تاريخ النشر: {d} {AR_MONTHS[m - 1]} {y}</div>'
        by = f'<div class="writer">بقلم: {esc(a["byline"][0])}</div>'
    return f"""<html dir="rtl">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<title>جريدة الوادي</title>
</head>
<body>
<table width="100%" border="0" cellspacing="0" cellpadding="0">
<tr><td><a href="/"><img src="/images/alwadi.gif" alt="جريدة الوادي" border="0"></a></td></tr>
<tr><td class="menu"><a href="/">الرئيسية</a> | <a href="/local/">محليات</a> | <a href="/world/">عربي ودولي</a> | <a href="/economy/">اقتصاد</a> | <a href="/culture/">ثقافة</a> | <a href="/sport/">رياضة</a></td></tr>
</table>
<table width="100%" border="0" cellpadding="5"><tr valign="top">
<td width="72%">
<div class="section">{esc(a['section'])}</div>
<table width="100%"><tr><td class="title">{esc(a['headline'])}</td></tr></table>
{by}
{date_line}
{paras_p(a)}
</td>
<td width="28%"><div class="boxhead">أخبار أخرى</div>
{"".join(f'<p><a href="/news/{i}.html">{esc(h)}</a></p>' for i, h in enumerate(others(a, 3)))}
</td></tr></table>
<div align="center" class="footer">جميع الحقوق محفوظة &copy; جريدة الوادي {y}</div>
</body>
</html>
"""


def persian(a):
    jy, jm, jd = a["jalali"]
    date = f"{jd} {FA_MONTHS[jm - 1]} {jy}".translate(FA_DIGITS)
    return f"""<html dir="rtl" lang="fa">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<title>روزنامه نسیم</title>
</head>
<body>
<div id="header"><a href="/"><img src="/img/nasim.png" alt="روزنامه نسیم"></a></div>
<div id="menu"><a href="/">صفحه اصلی</a> - <a href="/city/">شهری</a> - <a href="/culture/">فرهنگی</a> - <a href="/sport/">ورزشی</a> - <a href="/economy/">اقتصادی</a></div>
<table width="100%"><tr valign="top"><td width="70%">
<div class="service">{esc(a['section'])}</div>
<div class="news-title">{esc(a['headline'])}</div>
<div class="news-info">خبرنگار: {esc(a['byline'][0])}</div>
<div class="news-date">تاریخ انتشار: {date}</div>
<div class="news-body">
{paras_p(a)}
</div>
</td><td width="30%"><div class="box-title">آخرین اخبار</div>
{"".join(f'<p><a href="/news/{i}">{esc(h)}</a></p>' for i, h in enumerate(others(a, 3)))}
</td></tr></table>
<div id="footer">کلیه حقوق این سایت متعلق به روزنامه نسیم است.</div>
</body>
</html>
"""


def gazette(a):
    y, m, d = a["date"]
    return f"""<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN">
<html><head>
<title>{esc(a['headline'])} | {esc(a['section'])} | The Eastbrook Gazette</title>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
</head>
<body>
<div id="hd"><a href="/"><img src="/img/gazette-logo.gif" alt="The Eastbrook Gazette"></a>
<ul class="nav"><li><a href="/news/">News</a></li><li><a href="/politics/">Politics</a></li><li><a href="/arts/">Arts</a></li><li><a href="/sport/">Sport</a></li><li><a href="/letters/">Letters</a></li></ul></div>
<div id="bd">
<div class="kicker"><a href="/{a['section'].lower()}/">{esc(a['section'])}</a></div>
<div class="headline">{esc(a['headline'])}</div>
<div class="meta">{esc(a['byline'][0])} &middot; {DAYS[weekday(y, m, d)]} {d} {MONTHS[m - 1]} {y}</div>
{paras_p(a)}
<div class="share">Share: <a href="http://digg.com/submit?url=x">Digg</a> <a href="http://del.icio.us/post?url=x">del.icio.us</a> <a href="http://www.facebook.com/share.php?u=x">Facebook</a></div>
</div>
<div id="ft">&copy; {y} The Eastbrook Gazette</div>
</body></html>
"""


def forum(a):
    y, m, d = a["date"]
    posts = []
    users = [a["byline"][0], "carpcatcher", "wend_regular"]
    for k, p in enumerate(a["paras"]):
        day = d + k
        posts.append(f"""<tr>
<td width="150" align="left" valign="top" class="row1"><span class="name"><a name="{5000 + k}"></a><b>{users[k]}</b></span><br /><span class="postdetails">Joined: 04 Jun 2006<br />Posts: {120 + 37 * k}</span><br /></td>
<td class="row1" width="100%" height="28" valign="top"><table width="100%" border="0" cellspacing="0" cellpadding="0">
<tr><td width="100%"><span class="postdetails">Posted: {DAYS[weekday(y, m, day)][:3]} {MONTHS[m - 1][:3]} {day:02d}, {y} 8:{10 + k:02d} pm &nbsp; &nbsp;Post subject: {'Re: ' if k else ''}{esc(a['headline'])}</span></td></tr>
<tr><td colspan="2"><hr /></td></tr>
<tr><td colspan="2"><span class="postbody">{esc(p)}</span></td></tr>
</table></td></tr>
<tr><td class="spaceRow" colspan="2" height="1"><img src="templates/subSilver/images/spacer.gif" alt="" width="1" height="1" /></td></tr>""")
    return f"""<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<html dir="ltr">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">
<title>Marlow Anglers Forum :: View topic - {esc(a['headline'])}</title>
<link rel="stylesheet" href="templates/subSilver/subSilver.css" type="text/css">
</head>
<body bgcolor="#E5E5E5" text="#000000">
<a name="top"></a>
<table width="100%" cellspacing="0" cellpadding="10" border="0" align="center"><tr><td class="bodyline">
<table width="100%" cellspacing="0" cellpadding="0" border="0"><tr>
<td><a href="index.php"><img src="templates/subSilver/images/logo_phpBB.gif" border="0" alt="Marlow Anglers Forum Forum Index" vspace="1" /></a></td>
<td align="center" width="100%" valign="middle"><span class="maintitle">Marlow Anglers Forum</span><br /><span class="gen">Coarse and game fishing on the Wend and beyond</span></td>
</tr></table>
<table width="100%" cellspacing="2" cellpadding="2" border="0" align="center"><tr>
<td align="left" valign="bottom"><span class="gensmall">It is currently {DAYS[weekday(y, m, min(d + 9, 28))][:3]} {MONTHS[m - 1][:3]} {min(d + 9, 28):02d}, {y} 10:42 am</span></td></tr></table>
<table width="100%" cellspacing="2" cellpadding="2" border="0"><tr>
<td align="left" valign="bottom" colspan="2"><a class="maintitle" href="viewtopic.php?t={300 + int(a['id'][-1])}">{esc(a['headline'])}</a><br /></td></tr>
<tr><td align="left" valign="middle" width="100%"><span class="nav">&nbsp;&nbsp;&nbsp;<a href="index.php" class="nav">Marlow Anglers Forum Forum Index</a> -&gt; <a href="viewforum.php?f=3" class="nav">{esc(a['section'])}</a></span></td></tr></table>
<table class="forumline" width="100%" cellspacing="1" cellpadding="3" border="0">
<tr><th class="thLeft" width="150" height="26" nowrap="nowrap">Author</th><th class="thRight" nowrap="nowrap">Message</th></tr>
{"".join(posts)}
</table>
<table width="100%" cellspacing="2" border="0" align="center"><tr><td align="right"><span class="gensmall">All times are GMT</span></td></tr></table>
<div align="center"><span class="copyright">Powered by <a href="http://www.phpbb.com/" target="_phpbb" class="copyright">phpBB</a> &copy; 2001, 2005 phpBB Group</span></div>
</td></tr></table>
</body>
</html>
"""


def valley(a):
    y, m, d = a["date"]
    return f"""<html><head>
<title>Valley Sun-Times :: {esc(a['section'])} :: {esc(a['headline'])}</title>
<meta name="description" content="{esc(a['paras'][0][:120])}">
</head><body>
<div id="top"><a href="/"><img src="/images/vst.gif" width="300" height="55" alt="Valley Sun-Times"></a>
<span class="today">{DAYS[weekday(y, m, d)]}, {MONTHS[m - 1]} {d}, {y}</span></div>
<table cellpadding="0" cellspacing="0" width="100%"><tr>
<td class="navbar"><a href="/news/">News</a> &middot; <a href="/business/">Business</a> &middot; <a href="/sports/">Sports</a> &middot; <a href="/lifestyles/">Lifestyles</a> &middot; <a href="/classifieds/">Classifieds</a></td></tr></table>
<table width="100%" cellpadding="6"><tr valign="top"><td width="65%">
<p class="hed">{esc(a['headline'])}</p>
<p class="byline">BY {esc(a['byline'][0])} {esc(a['byline'][1])}</p>
<p class="date">{MONTHS[m - 1]} {d}, {y}</p>
{paras_p(a)}
<p class="email">E-mail: <a href="mailto:news@valleysuntimes.com">news@valleysuntimes.com</a></p>
</td><td width="35%"><div class="rail"><b>MOST E-MAILED</b><ol>
{"".join(f'<li><a href="/news/{i}.html">{esc(h)}</a></li>' for i, h in enumerate(others(a, 4)))}
</ol></div></td></tr></table>
<div class="footer">&copy; Copyright {y} Valley Sun-Times Media. All rights reserved. This material may not be published, broadcast, rewritten, or redistributed.</div>
</body></html>
"""


def ksat(a):
    y, m, d = a["date"]
    return f"""<html><head><title>KSAT 4 | Your Local News Leader</title>
<script language="javascript">var s_pageName="news:{a['id']}";</script></head>
<body bgcolor="#ffffff">
<div id="header"><a href="/"><img src="/images/ksat4logo.gif" border="0"></a>
<div id="weather">Now: 78&deg; Clear</div></div>
<div id="nav"><a href="/news/index.html">News</a> | <a href="/weather/index.html">Weather</a> | <a href="/sports/index.html">Sports</a> | <a href="/video/index.html">Video</a> | <a href="/contests/index.html">Contests</a></div>
<div id="main">
<div class="sectionHead">{esc(a['section'])}</div>
<span id="articleTitle">{esc(a['headline'])}</span><br>
<span class="posted">Posted: 6:12 pm CDT {MONTHS[m - 1]} {d}, {y}</span><br>
<span class="posted">Updated: 7:01 pm CDT {MONTHS[m - 1]} {d}, {y}</span>
<div class="story">
{paras_p(a)}
</div>
<div class="copyright">Copyright {y} by KSAT 4. All rights reserved. This material may not be published, broadcast, rewritten or redistributed.</div>
</div>
<div id="right"><div class="box"><b>Top Stories</b><br>
{"<br>".join(f'<a href="/news/{i}/detail.html">{esc(h)}</a>' for i, h in enumerate(others(a, 4)))}
</div></div>
</body></html>
"""


def sandport(a):
    y, m, d = a["date"]
    return f"""<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<html><head><title>{esc(a['headline'])} -- Sandport Tribune</title></head>
<body>
<table width="800" align="center"><tr><td colspan="2">
<a href="/"><img src="/art/tribune_logo.gif" alt="Sandport Tribune" border="0"></a></td></tr>
<tr><td colspan="2" class="sections"><a href="/local/">Local</a> | <a href="/sports/">Sports</a> | <a href="/opinion/">Opinion</a> | <a href="/obits/">Obituaries</a></td></tr>
<tr valign="top"><td width="560">
<h1 class="articleHead">{esc(a['headline'])}</h1>
<div class="articleByline">By {esc(a['byline'][0])} | {esc(a['byline'][1])}</div>
<div class="articleDate">Published {MONTHS[m - 1][:3]}. {d}, {y}</div>
{paras_p(a)}
</td><td width="240"><div class="ad">{AD.format(site="sandport")}</div></td></tr>
<tr><td colspan="2" align="center"><small>Sandport Tribune &middot; 12 Harbor Road &middot; &copy; {y}</small></td></tr>
</table></body></html>
"""


def bayan(a):
    y, m, d = a["date"]
    by = f'<div class="ArticleAuthor">دبي - {esc(a["byline"][0])}</div>' if a["byline"] else '<div class="ArticleAuthor">(دبي - البيان)</div>'
    return f"""<html dir="rtl"><head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<title>البيان - {esc(a['section'])}</title>
</head><body>
<div class="top"><a href="/"><img src="/img/albayan_logo.gif" alt="البيان"></a></div>
<div class="menu"><a href="/local/">محليات</a> | <a href="/economy/">اقتصاد</a> | <a href="/sport/">رياضة</a> | <a href="/culture/">ثقافة</a></div>
<table width="100%"><tr valign="top"><td width="70%">
<div class="SectionTitle">{esc(a['section'])}</div>
<div class="ArticleTitle">{esc(a['headline'])}</div>
<div class="ArticleDate">التاريخ: {d:02d}/{m:02d}/{y}</div>
{by}
{paras_p(a)}
</td><td width="30%"><div class="BoxTitle">الأكثر قراءة</div>
{"".join(f'<p><a href="/news/{i}.html">{esc(h)}</a></p>' for i, h in enumerate(others(a, 3)))}
</td></tr></table>
<div class="footer">جميع الحقوق محفوظة &copy; {y} البيان</div>
</body></html>
"""


def walks(a):
    y, m, d = a["date"]
    return f"""<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns='http://www.w3.org/1999/xhtml'>
<head>
<meta content='text/html; charset=UTF-8' http-equiv='Content-Type'/>
<meta content='blogger' name='generator'/>
<title>Harbor Walks: {esc(a['headline'])}</title>
</head>
<body>
<div id='outer-wrapper'>
<div id='header'><h1 class='title'><a href='http://harborwalks.blogspot.com/'>Harbor Walks</a></h1>
<p class='description'>Notes from a small town by the sea</p></div>
<div id='main'>
<h2 class='date-header'>{DAYS[weekday(y, m, d)]}, {MONTHS[m - 1]} {d}, {y}</h2>
<div class='post'>
<h3 class='post-title'><a href='http://harborwalks.blogspot.com/{y}/{m:02d}/{a['id']}.html'>{esc(a['headline'])}</a></h3>
<div class='post-body'>
{"<br /><br />".join(esc(p) for p in a['paras'])}
</div>
<div class='post-footer'>posted by {esc(a['byline'][0])} at 4:12 PM <a href='#comments'>2 comments</a></div>
</div>
</div>
<div id='sidebar'><h2>Blog Archive</h2><ul>
{"".join(f"<li><a href='/archive/{i}.html'>{esc(h)}</a></li>" for i, h in enumerate(others(a, 3)))}
</ul><h2>About Me</h2><p>Ellen lives by the harbor with two dogs and too many books.</p></div>
</div>
</body></html>
"""


URLS = {
    "ledger": "http://www.harborcityledger.com/news/story_{n}.html",
    "radio": "http://www.kwmt1240.com/news/default.aspx?id={n}",
    "gate": "http://www.northbaygate.com/blogs/worldviews/archives/{n}.html",
    "kestrel": "http://news.kestrel.co.uk/sport1/hi/football/{n}.stm",
    "meridian": "http://www.meridianonline.co.nz/sport/story/{n}.html",
    "dunmore": "http://www.dunmoreherald.co.uk/story/{n}/",
    "starwatch": "http://www.starwatch.com/people/{n}.html",
    "wire": "http://www.continentalpress.com/story/{n}",
    "blog": "http://tidewaternotes.org/archives/2008/{n}.html",
    "notitle": "",
    "urdu": "http://www.roshnidaily.com.pk/{n}.html",
    "arabic": "http://www.alwadi-news.com/news.php?id={n}",
    "persian": "http://www.nasimdaily.ir/news/{n}",
    "gazette": "http://www.eastbrookgazette.co.uk/{n}/",
    "forum": "http://www.marlowanglers.co.uk/forum/viewtopic.php?t={n}",
    "valley": "http://www.valleysuntimes.com/news/{n}.html",
    "ksat": "http://www.ksat4.com/news/{n}/detail.html",
    "sandport": "http://www.sandporttribune.com/local/story/{n}.html",
    "bayan": "http://www.albayan-news.ae/local/{n}.html",
    "walks": "http://harborwalks.blogspot.com/2008/08/{n}.html",
}


def page(a):
    site = a["site"]
    if site == "kestrel":
        return kestrel(a, late_title=a["id"] == "kestrel-02")
    return globals()[site](a)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(here, "pages"), exist_ok=True)
    os.makedirs(os.path.join(here, "gold"), exist_ok=True)
    index = []
    for k, a in enumerate(ARTICLES):
        html = page(a)
        with open(os.path.join(here, "pages", a["id"] + ".html"), "w", encoding="utf-8") as f:
            f.write(html)
        with open(os.path.join(here, "gold", a["id"] + ".txt"), "w", encoding="utf-8") as f:
            f.write("\n".join([a["headline"]] + a["paras"]) + "\n")
        y, m, d = a["date"]
        url = URLS[site].format(n=4471 + 13 * k) if (site := a["site"]) else ""
        entry = {"id": a["id"], "url": url, "title": a["headline"], "page_type": "article"}
        lang = {"urdu": "ur", "arabic": "ar", "persian": "fa", "bayan": "ar"}.get(site)
        if lang:
            entry["lang"] = lang
        entry["author"] = a["author"] or ""
        entry["published"] = f"{y:04d}-{m:02d}-{d:02d}"
        entry["source"] = "written for Dana Reader's tests (tests/oldnews/README.md); invented text"
        index.append(entry)
    with open(os.path.join(here, "index.jsonl"), "w", encoding="utf-8") as f:
        for e in index:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
    print(f"{len(index)} pages")


if __name__ == "__main__":
    random.seed(7)
    main()
