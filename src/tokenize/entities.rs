//! WHATWG's table of named character references, as one string: the data of the `entities`
//! crate's 2 231 entries (the tests below check the two agree), without its 2 231 structs of
//! three slices each: the wasm module is 57 KB smaller, 13 KB of gzip.

/// Each name (without `&` and `;`) once, in byte order, then `:` if it may also be written
/// without its `;` (the 106 legacy names) or `;` if not, then the characters it stands for,
/// then `\0` (which no reference stands for).
pub(super) const TABLE: &str = "\
    AElig:Æ\0AMP:&\0Aacute:Á\0Abreve;Ă\0Acirc:Â\0Acy;А\0Afr;\u{1d504}\0Agrave:À\0Alpha;Α\0\
    Amacr;Ā\0And;⩓\0Aogon;Ą\0Aopf;\u{1d538}\0ApplyFunction;\u{2061}\0Aring:Å\0\
    Ascr;\u{1d49c}\0Assign;≔\0Atilde:Ã\0Auml:Ä\0Backslash;∖\0Barv;⫧\0Barwed;⌆\0Bcy;Б\0\
    Because;∵\0Bernoullis;ℬ\0Beta;Β\0Bfr;\u{1d505}\0Bopf;\u{1d539}\0Breve;˘\0Bscr;ℬ\0\
    Bumpeq;≎\0CHcy;Ч\0COPY:©\0Cacute;Ć\0Cap;⋒\0CapitalDifferentialD;ⅅ\0Cayleys;ℭ\0Ccaron;Č\0\
    Ccedil:Ç\0Ccirc;Ĉ\0Cconint;∰\0Cdot;Ċ\0Cedilla;¸\0CenterDot;·\0Cfr;ℭ\0Chi;Χ\0\
    CircleDot;⊙\0CircleMinus;⊖\0CirclePlus;⊕\0CircleTimes;⊗\0ClockwiseContourIntegral;∲\0\
    CloseCurlyDoubleQuote;”\0CloseCurlyQuote;’\0Colon;∷\0Colone;⩴\0Congruent;≡\0Conint;∯\0\
    ContourIntegral;∮\0Copf;ℂ\0Coproduct;∐\0CounterClockwiseContourIntegral;∳\0Cross;⨯\0\
    Cscr;\u{1d49e}\0Cup;⋓\0CupCap;≍\0DD;ⅅ\0DDotrahd;⤑\0DJcy;Ђ\0DScy;Ѕ\0DZcy;Џ\0Dagger;‡\0\
    Darr;↡\0Dashv;⫤\0Dcaron;Ď\0Dcy;Д\0Del;∇\0Delta;Δ\0Dfr;\u{1d507}\0DiacriticalAcute;´\0\
    DiacriticalDot;˙\0DiacriticalDoubleAcute;˝\0DiacriticalGrave;`\0DiacriticalTilde;˜\0\
    Diamond;⋄\0DifferentialD;ⅆ\0Dopf;\u{1d53b}\0Dot;¨\0DotDot;\u{20dc}\0DotEqual;≐\0\
    DoubleContourIntegral;∯\0DoubleDot;¨\0DoubleDownArrow;⇓\0DoubleLeftArrow;⇐\0\
    DoubleLeftRightArrow;⇔\0DoubleLeftTee;⫤\0DoubleLongLeftArrow;⟸\0\
    DoubleLongLeftRightArrow;⟺\0DoubleLongRightArrow;⟹\0DoubleRightArrow;⇒\0\
    DoubleRightTee;⊨\0DoubleUpArrow;⇑\0DoubleUpDownArrow;⇕\0DoubleVerticalBar;∥\0\
    DownArrow;↓\0DownArrowBar;⤓\0DownArrowUpArrow;⇵\0DownBreve;\u{311}\0\
    DownLeftRightVector;⥐\0DownLeftTeeVector;⥞\0DownLeftVector;↽\0DownLeftVectorBar;⥖\0\
    DownRightTeeVector;⥟\0DownRightVector;⇁\0DownRightVectorBar;⥗\0DownTee;⊤\0\
    DownTeeArrow;↧\0Downarrow;⇓\0Dscr;\u{1d49f}\0Dstrok;Đ\0ENG;Ŋ\0ETH:Ð\0Eacute:É\0\
    Ecaron;Ě\0Ecirc:Ê\0Ecy;Э\0Edot;Ė\0Efr;\u{1d508}\0Egrave:È\0Element;∈\0Emacr;Ē\0\
    EmptySmallSquare;◻\0EmptyVerySmallSquare;▫\0Eogon;Ę\0Eopf;\u{1d53c}\0Epsilon;Ε\0\
    Equal;⩵\0EqualTilde;≂\0Equilibrium;⇌\0Escr;ℰ\0Esim;⩳\0Eta;Η\0Euml:Ë\0Exists;∃\0\
    ExponentialE;ⅇ\0Fcy;Ф\0Ffr;\u{1d509}\0FilledSmallSquare;◼\0FilledVerySmallSquare;▪\0\
    Fopf;\u{1d53d}\0ForAll;∀\0Fouriertrf;ℱ\0Fscr;ℱ\0GJcy;Ѓ\0GT:>\0Gamma;Γ\0Gammad;Ϝ\0\
    Gbreve;Ğ\0Gcedil;Ģ\0Gcirc;Ĝ\0Gcy;Г\0Gdot;Ġ\0Gfr;\u{1d50a}\0Gg;⋙\0Gopf;\u{1d53e}\0\
    GreaterEqual;≥\0GreaterEqualLess;⋛\0GreaterFullEqual;≧\0GreaterGreater;⪢\0\
    GreaterLess;≷\0GreaterSlantEqual;⩾\0GreaterTilde;≳\0Gscr;\u{1d4a2}\0Gt;≫\0HARDcy;Ъ\0\
    Hacek;ˇ\0Hat;^\0Hcirc;Ĥ\0Hfr;ℌ\0HilbertSpace;ℋ\0Hopf;ℍ\0HorizontalLine;─\0Hscr;ℋ\0\
    Hstrok;Ħ\0HumpDownHump;≎\0HumpEqual;≏\0IEcy;Е\0IJlig;Ĳ\0IOcy;Ё\0Iacute:Í\0Icirc:Î\0\
    Icy;И\0Idot;İ\0Ifr;ℑ\0Igrave:Ì\0Im;ℑ\0Imacr;Ī\0ImaginaryI;ⅈ\0Implies;⇒\0Int;∬\0\
    Integral;∫\0Intersection;⋂\0InvisibleComma;\u{2063}\0InvisibleTimes;\u{2062}\0Iogon;Į\0\
    Iopf;\u{1d540}\0Iota;Ι\0Iscr;ℐ\0Itilde;Ĩ\0Iukcy;І\0Iuml:Ï\0Jcirc;Ĵ\0Jcy;Й\0\
    Jfr;\u{1d50d}\0Jopf;\u{1d541}\0Jscr;\u{1d4a5}\0Jsercy;Ј\0Jukcy;Є\0KHcy;Х\0KJcy;Ќ\0\
    Kappa;Κ\0Kcedil;Ķ\0Kcy;К\0Kfr;\u{1d50e}\0Kopf;\u{1d542}\0Kscr;\u{1d4a6}\0LJcy;Љ\0LT:<\0\
    Lacute;Ĺ\0Lambda;Λ\0Lang;⟪\0Laplacetrf;ℒ\0Larr;↞\0Lcaron;Ľ\0Lcedil;Ļ\0Lcy;Л\0\
    LeftAngleBracket;⟨\0LeftArrow;←\0LeftArrowBar;⇤\0LeftArrowRightArrow;⇆\0LeftCeiling;⌈\0\
    LeftDoubleBracket;⟦\0LeftDownTeeVector;⥡\0LeftDownVector;⇃\0LeftDownVectorBar;⥙\0\
    LeftFloor;⌊\0LeftRightArrow;↔\0LeftRightVector;⥎\0LeftTee;⊣\0LeftTeeArrow;↤\0\
    LeftTeeVector;⥚\0LeftTriangle;⊲\0LeftTriangleBar;⧏\0LeftTriangleEqual;⊴\0\
    LeftUpDownVector;⥑\0LeftUpTeeVector;⥠\0LeftUpVector;↿\0LeftUpVectorBar;⥘\0LeftVector;↼\0\
    LeftVectorBar;⥒\0Leftarrow;⇐\0Leftrightarrow;⇔\0LessEqualGreater;⋚\0LessFullEqual;≦\0\
    LessGreater;≶\0LessLess;⪡\0LessSlantEqual;⩽\0LessTilde;≲\0Lfr;\u{1d50f}\0Ll;⋘\0\
    Lleftarrow;⇚\0Lmidot;Ŀ\0LongLeftArrow;⟵\0LongLeftRightArrow;⟷\0LongRightArrow;⟶\0\
    Longleftarrow;⟸\0Longleftrightarrow;⟺\0Longrightarrow;⟹\0Lopf;\u{1d543}\0\
    LowerLeftArrow;↙\0LowerRightArrow;↘\0Lscr;ℒ\0Lsh;↰\0Lstrok;Ł\0Lt;≪\0Map;⤅\0Mcy;М\0\
    MediumSpace;\u{205f}\0Mellintrf;ℳ\0Mfr;\u{1d510}\0MinusPlus;∓\0Mopf;\u{1d544}\0Mscr;ℳ\0\
    Mu;Μ\0NJcy;Њ\0Nacute;Ń\0Ncaron;Ň\0Ncedil;Ņ\0Ncy;Н\0NegativeMediumSpace;\u{200b}\0\
    NegativeThickSpace;\u{200b}\0NegativeThinSpace;\u{200b}\0\
    NegativeVeryThinSpace;\u{200b}\0NestedGreaterGreater;≫\0NestedLessLess;≪\0\
    NewLine;\u{a}\0Nfr;\u{1d511}\0NoBreak;\u{2060}\0NonBreakingSpace;\u{a0}\0Nopf;ℕ\0Not;⫬\0\
    NotCongruent;≢\0NotCupCap;≭\0NotDoubleVerticalBar;∦\0NotElement;∉\0NotEqual;≠\0\
    NotEqualTilde;≂\u{338}\0NotExists;∄\0NotGreater;≯\0NotGreaterEqual;≱\0\
    NotGreaterFullEqual;≧\u{338}\0NotGreaterGreater;≫\u{338}\0NotGreaterLess;≹\0\
    NotGreaterSlantEqual;⩾\u{338}\0NotGreaterTilde;≵\0NotHumpDownHump;≎\u{338}\0\
    NotHumpEqual;≏\u{338}\0NotLeftTriangle;⋪\0NotLeftTriangleBar;⧏\u{338}\0\
    NotLeftTriangleEqual;⋬\0NotLess;≮\0NotLessEqual;≰\0NotLessGreater;≸\0\
    NotLessLess;≪\u{338}\0NotLessSlantEqual;⩽\u{338}\0NotLessTilde;≴\0\
    NotNestedGreaterGreater;⪢\u{338}\0NotNestedLessLess;⪡\u{338}\0NotPrecedes;⊀\0\
    NotPrecedesEqual;⪯\u{338}\0NotPrecedesSlantEqual;⋠\0NotReverseElement;∌\0\
    NotRightTriangle;⋫\0NotRightTriangleBar;⧐\u{338}\0NotRightTriangleEqual;⋭\0\
    NotSquareSubset;⊏\u{338}\0NotSquareSubsetEqual;⋢\0NotSquareSuperset;⊐\u{338}\0\
    NotSquareSupersetEqual;⋣\0NotSubset;⊂\u{20d2}\0NotSubsetEqual;⊈\0NotSucceeds;⊁\0\
    NotSucceedsEqual;⪰\u{338}\0NotSucceedsSlantEqual;⋡\0NotSucceedsTilde;≿\u{338}\0\
    NotSuperset;⊃\u{20d2}\0NotSupersetEqual;⊉\0NotTilde;≁\0NotTildeEqual;≄\0\
    NotTildeFullEqual;≇\0NotTildeTilde;≉\0NotVerticalBar;∤\0Nscr;\u{1d4a9}\0Ntilde:Ñ\0Nu;Ν\0\
    OElig;Œ\0Oacute:Ó\0Ocirc:Ô\0Ocy;О\0Odblac;Ő\0Ofr;\u{1d512}\0Ograve:Ò\0Omacr;Ō\0Omega;Ω\0\
    Omicron;Ο\0Oopf;\u{1d546}\0OpenCurlyDoubleQuote;“\0OpenCurlyQuote;‘\0Or;⩔\0\
    Oscr;\u{1d4aa}\0Oslash:Ø\0Otilde:Õ\0Otimes;⨷\0Ouml:Ö\0OverBar;‾\0OverBrace;⏞\0\
    OverBracket;⎴\0OverParenthesis;⏜\0PartialD;∂\0Pcy;П\0Pfr;\u{1d513}\0Phi;Φ\0Pi;Π\0\
    PlusMinus;±\0Poincareplane;ℌ\0Popf;ℙ\0Pr;⪻\0Precedes;≺\0PrecedesEqual;⪯\0\
    PrecedesSlantEqual;≼\0PrecedesTilde;≾\0Prime;″\0Product;∏\0Proportion;∷\0\
    Proportional;∝\0Pscr;\u{1d4ab}\0Psi;Ψ\0QUOT:\"\0Qfr;\u{1d514}\0Qopf;ℚ\0Qscr;\u{1d4ac}\0\
    RBarr;⤐\0REG:®\0Racute;Ŕ\0Rang;⟫\0Rarr;↠\0Rarrtl;⤖\0Rcaron;Ř\0Rcedil;Ŗ\0Rcy;Р\0Re;ℜ\0\
    ReverseElement;∋\0ReverseEquilibrium;⇋\0ReverseUpEquilibrium;⥯\0Rfr;ℜ\0Rho;Ρ\0\
    RightAngleBracket;⟩\0RightArrow;→\0RightArrowBar;⇥\0RightArrowLeftArrow;⇄\0\
    RightCeiling;⌉\0RightDoubleBracket;⟧\0RightDownTeeVector;⥝\0RightDownVector;⇂\0\
    RightDownVectorBar;⥕\0RightFloor;⌋\0RightTee;⊢\0RightTeeArrow;↦\0RightTeeVector;⥛\0\
    RightTriangle;⊳\0RightTriangleBar;⧐\0RightTriangleEqual;⊵\0RightUpDownVector;⥏\0\
    RightUpTeeVector;⥜\0RightUpVector;↾\0RightUpVectorBar;⥔\0RightVector;⇀\0\
    RightVectorBar;⥓\0Rightarrow;⇒\0Ropf;ℝ\0RoundImplies;⥰\0Rrightarrow;⇛\0Rscr;ℛ\0Rsh;↱\0\
    RuleDelayed;⧴\0SHCHcy;Щ\0SHcy;Ш\0SOFTcy;Ь\0Sacute;Ś\0Sc;⪼\0Scaron;Š\0Scedil;Ş\0Scirc;Ŝ\0\
    Scy;С\0Sfr;\u{1d516}\0ShortDownArrow;↓\0ShortLeftArrow;←\0ShortRightArrow;→\0\
    ShortUpArrow;↑\0Sigma;Σ\0SmallCircle;∘\0Sopf;\u{1d54a}\0Sqrt;√\0Square;□\0\
    SquareIntersection;⊓\0SquareSubset;⊏\0SquareSubsetEqual;⊑\0SquareSuperset;⊐\0\
    SquareSupersetEqual;⊒\0SquareUnion;⊔\0Sscr;\u{1d4ae}\0Star;⋆\0Sub;⋐\0Subset;⋐\0\
    SubsetEqual;⊆\0Succeeds;≻\0SucceedsEqual;⪰\0SucceedsSlantEqual;≽\0SucceedsTilde;≿\0\
    SuchThat;∋\0Sum;∑\0Sup;⋑\0Superset;⊃\0SupersetEqual;⊇\0Supset;⋑\0THORN:Þ\0TRADE;™\0\
    TSHcy;Ћ\0TScy;Ц\0Tab;\u{9}\0Tau;Τ\0Tcaron;Ť\0Tcedil;Ţ\0Tcy;Т\0Tfr;\u{1d517}\0\
    Therefore;∴\0Theta;Θ\0ThickSpace;\u{205f}\u{200a}\0ThinSpace;\u{2009}\0Tilde;∼\0\
    TildeEqual;≃\0TildeFullEqual;≅\0TildeTilde;≈\0Topf;\u{1d54b}\0TripleDot;\u{20db}\0\
    Tscr;\u{1d4af}\0Tstrok;Ŧ\0Uacute:Ú\0Uarr;↟\0Uarrocir;⥉\0Ubrcy;Ў\0Ubreve;Ŭ\0Ucirc:Û\0\
    Ucy;У\0Udblac;Ű\0Ufr;\u{1d518}\0Ugrave:Ù\0Umacr;Ū\0UnderBar;_\0UnderBrace;⏟\0\
    UnderBracket;⎵\0UnderParenthesis;⏝\0Union;⋃\0UnionPlus;⊎\0Uogon;Ų\0Uopf;\u{1d54c}\0\
    UpArrow;↑\0UpArrowBar;⤒\0UpArrowDownArrow;⇅\0UpDownArrow;↕\0UpEquilibrium;⥮\0UpTee;⊥\0\
    UpTeeArrow;↥\0Uparrow;⇑\0Updownarrow;⇕\0UpperLeftArrow;↖\0UpperRightArrow;↗\0Upsi;ϒ\0\
    Upsilon;Υ\0Uring;Ů\0Uscr;\u{1d4b0}\0Utilde;Ũ\0Uuml:Ü\0VDash;⊫\0Vbar;⫫\0Vcy;В\0Vdash;⊩\0\
    Vdashl;⫦\0Vee;⋁\0Verbar;‖\0Vert;‖\0VerticalBar;∣\0VerticalLine;|\0VerticalSeparator;❘\0\
    VerticalTilde;≀\0VeryThinSpace;\u{200a}\0Vfr;\u{1d519}\0Vopf;\u{1d54d}\0Vscr;\u{1d4b1}\0\
    Vvdash;⊪\0Wcirc;Ŵ\0Wedge;⋀\0Wfr;\u{1d51a}\0Wopf;\u{1d54e}\0Wscr;\u{1d4b2}\0\
    Xfr;\u{1d51b}\0Xi;Ξ\0Xopf;\u{1d54f}\0Xscr;\u{1d4b3}\0YAcy;Я\0YIcy;Ї\0YUcy;Ю\0Yacute:Ý\0\
    Ycirc;Ŷ\0Ycy;Ы\0Yfr;\u{1d51c}\0Yopf;\u{1d550}\0Yscr;\u{1d4b4}\0Yuml;Ÿ\0ZHcy;Ж\0\
    Zacute;Ź\0Zcaron;Ž\0Zcy;З\0Zdot;Ż\0ZeroWidthSpace;\u{200b}\0Zeta;Ζ\0Zfr;ℨ\0Zopf;ℤ\0\
    Zscr;\u{1d4b5}\0aacute:á\0abreve;ă\0ac;∾\0acE;∾\u{333}\0acd;∿\0acirc:â\0acute:´\0acy;а\0\
    aelig:æ\0af;\u{2061}\0afr;\u{1d51e}\0agrave:à\0alefsym;ℵ\0aleph;ℵ\0alpha;α\0amacr;ā\0\
    amalg;⨿\0amp:&\0and;∧\0andand;⩕\0andd;⩜\0andslope;⩘\0andv;⩚\0ang;∠\0ange;⦤\0angle;∠\0\
    angmsd;∡\0angmsdaa;⦨\0angmsdab;⦩\0angmsdac;⦪\0angmsdad;⦫\0angmsdae;⦬\0angmsdaf;⦭\0\
    angmsdag;⦮\0angmsdah;⦯\0angrt;∟\0angrtvb;⊾\0angrtvbd;⦝\0angsph;∢\0angst;Å\0angzarr;⍼\0\
    aogon;ą\0aopf;\u{1d552}\0ap;≈\0apE;⩰\0apacir;⩯\0ape;≊\0apid;≋\0apos;'\0approx;≈\0\
    approxeq;≊\0aring:å\0ascr;\u{1d4b6}\0ast;*\0asymp;≈\0asympeq;≍\0atilde:ã\0auml:ä\0\
    awconint;∳\0awint;⨑\0bNot;⫭\0backcong;≌\0backepsilon;϶\0backprime;‵\0backsim;∽\0\
    backsimeq;⋍\0barvee;⊽\0barwed;⌅\0barwedge;⌅\0bbrk;⎵\0bbrktbrk;⎶\0bcong;≌\0bcy;б\0\
    bdquo;„\0becaus;∵\0because;∵\0bemptyv;⦰\0bepsi;϶\0bernou;ℬ\0beta;β\0beth;ℶ\0between;≬\0\
    bfr;\u{1d51f}\0bigcap;⋂\0bigcirc;◯\0bigcup;⋃\0bigodot;⨀\0bigoplus;⨁\0bigotimes;⨂\0\
    bigsqcup;⨆\0bigstar;★\0bigtriangledown;▽\0bigtriangleup;△\0biguplus;⨄\0bigvee;⋁\0\
    bigwedge;⋀\0bkarow;⤍\0blacklozenge;⧫\0blacksquare;▪\0blacktriangle;▴\0\
    blacktriangledown;▾\0blacktriangleleft;◂\0blacktriangleright;▸\0blank;␣\0blk12;▒\0\
    blk14;░\0blk34;▓\0block;█\0bne;=\u{20e5}\0bnequiv;≡\u{20e5}\0bnot;⌐\0bopf;\u{1d553}\0\
    bot;⊥\0bottom;⊥\0bowtie;⋈\0boxDL;╗\0boxDR;╔\0boxDl;╖\0boxDr;╓\0boxH;═\0boxHD;╦\0\
    boxHU;╩\0boxHd;╤\0boxHu;╧\0boxUL;╝\0boxUR;╚\0boxUl;╜\0boxUr;╙\0boxV;║\0boxVH;╬\0\
    boxVL;╣\0boxVR;╠\0boxVh;╫\0boxVl;╢\0boxVr;╟\0boxbox;⧉\0boxdL;╕\0boxdR;╒\0boxdl;┐\0\
    boxdr;┌\0boxh;─\0boxhD;╥\0boxhU;╨\0boxhd;┬\0boxhu;┴\0boxminus;⊟\0boxplus;⊞\0boxtimes;⊠\0\
    boxuL;╛\0boxuR;╘\0boxul;┘\0boxur;└\0boxv;│\0boxvH;╪\0boxvL;╡\0boxvR;╞\0boxvh;┼\0\
    boxvl;┤\0boxvr;├\0bprime;‵\0breve;˘\0brvbar:¦\0bscr;\u{1d4b7}\0bsemi;⁏\0bsim;∽\0\
    bsime;⋍\0bsol;\\\0bsolb;⧅\0bsolhsub;⟈\0bull;•\0bullet;•\0bump;≎\0bumpE;⪮\0bumpe;≏\0\
    bumpeq;≏\0cacute;ć\0cap;∩\0capand;⩄\0capbrcup;⩉\0capcap;⩋\0capcup;⩇\0capdot;⩀\0caps;∩︀\0\
    caret;⁁\0caron;ˇ\0ccaps;⩍\0ccaron;č\0ccedil:ç\0ccirc;ĉ\0ccups;⩌\0ccupssm;⩐\0cdot;ċ\0\
    cedil:¸\0cemptyv;⦲\0cent:¢\0centerdot;·\0cfr;\u{1d520}\0chcy;ч\0check;✓\0checkmark;✓\0\
    chi;χ\0cir;○\0cirE;⧃\0circ;ˆ\0circeq;≗\0circlearrowleft;↺\0circlearrowright;↻\0\
    circledR;®\0circledS;Ⓢ\0circledast;⊛\0circledcirc;⊚\0circleddash;⊝\0cire;≗\0cirfnint;⨐\0\
    cirmid;⫯\0cirscir;⧂\0clubs;♣\0clubsuit;♣\0colon;:\0colone;≔\0coloneq;≔\0comma;,\0\
    commat;@\0comp;∁\0compfn;∘\0complement;∁\0complexes;ℂ\0cong;≅\0congdot;⩭\0conint;∮\0\
    copf;\u{1d554}\0coprod;∐\0copy:©\0copysr;℗\0crarr;↵\0cross;✗\0cscr;\u{1d4b8}\0csub;⫏\0\
    csube;⫑\0csup;⫐\0csupe;⫒\0ctdot;⋯\0cudarrl;⤸\0cudarrr;⤵\0cuepr;⋞\0cuesc;⋟\0cularr;↶\0\
    cularrp;⤽\0cup;∪\0cupbrcap;⩈\0cupcap;⩆\0cupcup;⩊\0cupdot;⊍\0cupor;⩅\0cups;∪︀\0curarr;↷\0\
    curarrm;⤼\0curlyeqprec;⋞\0curlyeqsucc;⋟\0curlyvee;⋎\0curlywedge;⋏\0curren:¤\0\
    curvearrowleft;↶\0curvearrowright;↷\0cuvee;⋎\0cuwed;⋏\0cwconint;∲\0cwint;∱\0cylcty;⌭\0\
    dArr;⇓\0dHar;⥥\0dagger;†\0daleth;ℸ\0darr;↓\0dash;‐\0dashv;⊣\0dbkarow;⤏\0dblac;˝\0\
    dcaron;ď\0dcy;д\0dd;ⅆ\0ddagger;‡\0ddarr;⇊\0ddotseq;⩷\0deg:°\0delta;δ\0demptyv;⦱\0\
    dfisht;⥿\0dfr;\u{1d521}\0dharl;⇃\0dharr;⇂\0diam;⋄\0diamond;⋄\0diamondsuit;♦\0diams;♦\0\
    die;¨\0digamma;ϝ\0disin;⋲\0div;÷\0divide:÷\0divideontimes;⋇\0divonx;⋇\0djcy;ђ\0\
    dlcorn;⌞\0dlcrop;⌍\0dollar;$\0dopf;\u{1d555}\0dot;˙\0doteq;≐\0doteqdot;≑\0dotminus;∸\0\
    dotplus;∔\0dotsquare;⊡\0doublebarwedge;⌆\0downarrow;↓\0downdownarrows;⇊\0\
    downharpoonleft;⇃\0downharpoonright;⇂\0drbkarow;⤐\0drcorn;⌟\0drcrop;⌌\0dscr;\u{1d4b9}\0\
    dscy;ѕ\0dsol;⧶\0dstrok;đ\0dtdot;⋱\0dtri;▿\0dtrif;▾\0duarr;⇵\0duhar;⥯\0dwangle;⦦\0\
    dzcy;џ\0dzigrarr;⟿\0eDDot;⩷\0eDot;≑\0eacute:é\0easter;⩮\0ecaron;ě\0ecir;≖\0ecirc:ê\0\
    ecolon;≕\0ecy;э\0edot;ė\0ee;ⅇ\0efDot;≒\0efr;\u{1d522}\0eg;⪚\0egrave:è\0egs;⪖\0egsdot;⪘\0\
    el;⪙\0elinters;⏧\0ell;ℓ\0els;⪕\0elsdot;⪗\0emacr;ē\0empty;∅\0emptyset;∅\0emptyv;∅\0\
    emsp;\u{2003}\0emsp13;\u{2004}\0emsp14;\u{2005}\0eng;ŋ\0ensp;\u{2002}\0eogon;ę\0\
    eopf;\u{1d556}\0epar;⋕\0eparsl;⧣\0eplus;⩱\0epsi;ε\0epsilon;ε\0epsiv;ϵ\0eqcirc;≖\0\
    eqcolon;≕\0eqsim;≂\0eqslantgtr;⪖\0eqslantless;⪕\0equals;=\0equest;≟\0equiv;≡\0\
    equivDD;⩸\0eqvparsl;⧥\0erDot;≓\0erarr;⥱\0escr;ℯ\0esdot;≐\0esim;≂\0eta;η\0eth:ð\0euml:ë\0\
    euro;€\0excl;!\0exist;∃\0expectation;ℰ\0exponentiale;ⅇ\0fallingdotseq;≒\0fcy;ф\0\
    female;♀\0ffilig;ﬃ\0fflig;ﬀ\0ffllig;ﬄ\0ffr;\u{1d523}\0filig;ﬁ\0fjlig;fj\0flat;♭\0\
    fllig;ﬂ\0fltns;▱\0fnof;ƒ\0fopf;\u{1d557}\0forall;∀\0fork;⋔\0forkv;⫙\0fpartint;⨍\0\
    frac12:½\0frac13;⅓\0frac14:¼\0frac15;⅕\0frac16;⅙\0frac18;⅛\0frac23;⅔\0frac25;⅖\0\
    frac34:¾\0frac35;⅗\0frac38;⅜\0frac45;⅘\0frac56;⅚\0frac58;⅝\0frac78;⅞\0frasl;⁄\0frown;⌢\0\
    fscr;\u{1d4bb}\0gE;≧\0gEl;⪌\0gacute;ǵ\0gamma;γ\0gammad;ϝ\0gap;⪆\0gbreve;ğ\0gcirc;ĝ\0\
    gcy;г\0gdot;ġ\0ge;≥\0gel;⋛\0geq;≥\0geqq;≧\0geqslant;⩾\0ges;⩾\0gescc;⪩\0gesdot;⪀\0\
    gesdoto;⪂\0gesdotol;⪄\0gesl;⋛︀\0gesles;⪔\0gfr;\u{1d524}\0gg;≫\0ggg;⋙\0gimel;ℷ\0gjcy;ѓ\0\
    gl;≷\0glE;⪒\0gla;⪥\0glj;⪤\0gnE;≩\0gnap;⪊\0gnapprox;⪊\0gne;⪈\0gneq;⪈\0gneqq;≩\0gnsim;⋧\0\
    gopf;\u{1d558}\0grave;`\0gscr;ℊ\0gsim;≳\0gsime;⪎\0gsiml;⪐\0gt:>\0gtcc;⪧\0gtcir;⩺\0\
    gtdot;⋗\0gtlPar;⦕\0gtquest;⩼\0gtrapprox;⪆\0gtrarr;⥸\0gtrdot;⋗\0gtreqless;⋛\0\
    gtreqqless;⪌\0gtrless;≷\0gtrsim;≳\0gvertneqq;≩︀\0gvnE;≩︀\0hArr;⇔\0hairsp;\u{200a}\0\
    half;½\0hamilt;ℋ\0hardcy;ъ\0harr;↔\0harrcir;⥈\0harrw;↭\0hbar;ℏ\0hcirc;ĥ\0hearts;♥\0\
    heartsuit;♥\0hellip;…\0hercon;⊹\0hfr;\u{1d525}\0hksearow;⤥\0hkswarow;⤦\0hoarr;⇿\0\
    homtht;∻\0hookleftarrow;↩\0hookrightarrow;↪\0hopf;\u{1d559}\0horbar;―\0hscr;\u{1d4bd}\0\
    hslash;ℏ\0hstrok;ħ\0hybull;⁃\0hyphen;‐\0iacute:í\0ic;\u{2063}\0icirc:î\0icy;и\0iecy;е\0\
    iexcl:¡\0iff;⇔\0ifr;\u{1d526}\0igrave:ì\0ii;ⅈ\0iiiint;⨌\0iiint;∭\0iinfin;⧜\0iiota;℩\0\
    ijlig;ĳ\0imacr;ī\0image;ℑ\0imagline;ℐ\0imagpart;ℑ\0imath;ı\0imof;⊷\0imped;Ƶ\0in;∈\0\
    incare;℅\0infin;∞\0infintie;⧝\0inodot;ı\0int;∫\0intcal;⊺\0integers;ℤ\0intercal;⊺\0\
    intlarhk;⨗\0intprod;⨼\0iocy;ё\0iogon;į\0iopf;\u{1d55a}\0iota;ι\0iprod;⨼\0iquest:¿\0\
    iscr;\u{1d4be}\0isin;∈\0isinE;⋹\0isindot;⋵\0isins;⋴\0isinsv;⋳\0isinv;∈\0it;\u{2062}\0\
    itilde;ĩ\0iukcy;і\0iuml:ï\0jcirc;ĵ\0jcy;й\0jfr;\u{1d527}\0jmath;ȷ\0jopf;\u{1d55b}\0\
    jscr;\u{1d4bf}\0jsercy;ј\0jukcy;є\0kappa;κ\0kappav;ϰ\0kcedil;ķ\0kcy;к\0kfr;\u{1d528}\0\
    kgreen;ĸ\0khcy;х\0kjcy;ќ\0kopf;\u{1d55c}\0kscr;\u{1d4c0}\0lAarr;⇚\0lArr;⇐\0lAtail;⤛\0\
    lBarr;⤎\0lE;≦\0lEg;⪋\0lHar;⥢\0lacute;ĺ\0laemptyv;⦴\0lagran;ℒ\0lambda;λ\0lang;⟨\0\
    langd;⦑\0langle;⟨\0lap;⪅\0laquo:«\0larr;←\0larrb;⇤\0larrbfs;⤟\0larrfs;⤝\0larrhk;↩\0\
    larrlp;↫\0larrpl;⤹\0larrsim;⥳\0larrtl;↢\0lat;⪫\0latail;⤙\0late;⪭\0lates;⪭︀\0lbarr;⤌\0\
    lbbrk;❲\0lbrace;{\0lbrack;[\0lbrke;⦋\0lbrksld;⦏\0lbrkslu;⦍\0lcaron;ľ\0lcedil;ļ\0\
    lceil;⌈\0lcub;{\0lcy;л\0ldca;⤶\0ldquo;“\0ldquor;„\0ldrdhar;⥧\0ldrushar;⥋\0ldsh;↲\0le;≤\0\
    leftarrow;←\0leftarrowtail;↢\0leftharpoondown;↽\0leftharpoonup;↼\0leftleftarrows;⇇\0\
    leftrightarrow;↔\0leftrightarrows;⇆\0leftrightharpoons;⇋\0leftrightsquigarrow;↭\0\
    leftthreetimes;⋋\0leg;⋚\0leq;≤\0leqq;≦\0leqslant;⩽\0les;⩽\0lescc;⪨\0lesdot;⩿\0\
    lesdoto;⪁\0lesdotor;⪃\0lesg;⋚︀\0lesges;⪓\0lessapprox;⪅\0lessdot;⋖\0lesseqgtr;⋚\0\
    lesseqqgtr;⪋\0lessgtr;≶\0lesssim;≲\0lfisht;⥼\0lfloor;⌊\0lfr;\u{1d529}\0lg;≶\0lgE;⪑\0\
    lhard;↽\0lharu;↼\0lharul;⥪\0lhblk;▄\0ljcy;љ\0ll;≪\0llarr;⇇\0llcorner;⌞\0llhard;⥫\0\
    lltri;◺\0lmidot;ŀ\0lmoust;⎰\0lmoustache;⎰\0lnE;≨\0lnap;⪉\0lnapprox;⪉\0lne;⪇\0lneq;⪇\0\
    lneqq;≨\0lnsim;⋦\0loang;⟬\0loarr;⇽\0lobrk;⟦\0longleftarrow;⟵\0longleftrightarrow;⟷\0\
    longmapsto;⟼\0longrightarrow;⟶\0looparrowleft;↫\0looparrowright;↬\0lopar;⦅\0\
    lopf;\u{1d55d}\0loplus;⨭\0lotimes;⨴\0lowast;∗\0lowbar;_\0loz;◊\0lozenge;◊\0lozf;⧫\0\
    lpar;(\0lparlt;⦓\0lrarr;⇆\0lrcorner;⌟\0lrhar;⇋\0lrhard;⥭\0lrm;\u{200e}\0lrtri;⊿\0\
    lsaquo;‹\0lscr;\u{1d4c1}\0lsh;↰\0lsim;≲\0lsime;⪍\0lsimg;⪏\0lsqb;[\0lsquo;‘\0lsquor;‚\0\
    lstrok;ł\0lt:<\0ltcc;⪦\0ltcir;⩹\0ltdot;⋖\0lthree;⋋\0ltimes;⋉\0ltlarr;⥶\0ltquest;⩻\0\
    ltrPar;⦖\0ltri;◃\0ltrie;⊴\0ltrif;◂\0lurdshar;⥊\0luruhar;⥦\0lvertneqq;≨︀\0lvnE;≨︀\0\
    mDDot;∺\0macr:¯\0male;♂\0malt;✠\0maltese;✠\0map;↦\0mapsto;↦\0mapstodown;↧\0\
    mapstoleft;↤\0mapstoup;↥\0marker;▮\0mcomma;⨩\0mcy;м\0mdash;—\0measuredangle;∡\0\
    mfr;\u{1d52a}\0mho;℧\0micro:µ\0mid;∣\0midast;*\0midcir;⫰\0middot:·\0minus;−\0minusb;⊟\0\
    minusd;∸\0minusdu;⨪\0mlcp;⫛\0mldr;…\0mnplus;∓\0models;⊧\0mopf;\u{1d55e}\0mp;∓\0\
    mscr;\u{1d4c2}\0mstpos;∾\0mu;μ\0multimap;⊸\0mumap;⊸\0nGg;⋙\u{338}\0nGt;≫\u{20d2}\0\
    nGtv;≫\u{338}\0nLeftarrow;⇍\0nLeftrightarrow;⇎\0nLl;⋘\u{338}\0nLt;≪\u{20d2}\0\
    nLtv;≪\u{338}\0nRightarrow;⇏\0nVDash;⊯\0nVdash;⊮\0nabla;∇\0nacute;ń\0nang;∠\u{20d2}\0\
    nap;≉\0napE;⩰\u{338}\0napid;≋\u{338}\0napos;ŉ\0napprox;≉\0natur;♮\0natural;♮\0\
    naturals;ℕ\0nbsp:\u{a0}\0nbump;≎\u{338}\0nbumpe;≏\u{338}\0ncap;⩃\0ncaron;ň\0ncedil;ņ\0\
    ncong;≇\0ncongdot;⩭\u{338}\0ncup;⩂\0ncy;н\0ndash;–\0ne;≠\0neArr;⇗\0nearhk;⤤\0nearr;↗\0\
    nearrow;↗\0nedot;≐\u{338}\0nequiv;≢\0nesear;⤨\0nesim;≂\u{338}\0nexist;∄\0nexists;∄\0\
    nfr;\u{1d52b}\0ngE;≧\u{338}\0nge;≱\0ngeq;≱\0ngeqq;≧\u{338}\0ngeqslant;⩾\u{338}\0\
    nges;⩾\u{338}\0ngsim;≵\0ngt;≯\0ngtr;≯\0nhArr;⇎\0nharr;↮\0nhpar;⫲\0ni;∋\0nis;⋼\0nisd;⋺\0\
    niv;∋\0njcy;њ\0nlArr;⇍\0nlE;≦\u{338}\0nlarr;↚\0nldr;‥\0nle;≰\0nleftarrow;↚\0\
    nleftrightarrow;↮\0nleq;≰\0nleqq;≦\u{338}\0nleqslant;⩽\u{338}\0nles;⩽\u{338}\0nless;≮\0\
    nlsim;≴\0nlt;≮\0nltri;⋪\0nltrie;⋬\0nmid;∤\0nopf;\u{1d55f}\0not:¬\0notin;∉\0\
    notinE;⋹\u{338}\0notindot;⋵\u{338}\0notinva;∉\0notinvb;⋷\0notinvc;⋶\0notni;∌\0\
    notniva;∌\0notnivb;⋾\0notnivc;⋽\0npar;∦\0nparallel;∦\0nparsl;⫽\u{20e5}\0npart;∂\u{338}\0\
    npolint;⨔\0npr;⊀\0nprcue;⋠\0npre;⪯\u{338}\0nprec;⊀\0npreceq;⪯\u{338}\0nrArr;⇏\0nrarr;↛\0\
    nrarrc;⤳\u{338}\0nrarrw;↝\u{338}\0nrightarrow;↛\0nrtri;⋫\0nrtrie;⋭\0nsc;⊁\0nsccue;⋡\0\
    nsce;⪰\u{338}\0nscr;\u{1d4c3}\0nshortmid;∤\0nshortparallel;∦\0nsim;≁\0nsime;≄\0\
    nsimeq;≄\0nsmid;∤\0nspar;∦\0nsqsube;⋢\0nsqsupe;⋣\0nsub;⊄\0nsubE;⫅\u{338}\0nsube;⊈\0\
    nsubset;⊂\u{20d2}\0nsubseteq;⊈\0nsubseteqq;⫅\u{338}\0nsucc;⊁\0nsucceq;⪰\u{338}\0nsup;⊅\0\
    nsupE;⫆\u{338}\0nsupe;⊉\0nsupset;⊃\u{20d2}\0nsupseteq;⊉\0nsupseteqq;⫆\u{338}\0ntgl;≹\0\
    ntilde:ñ\0ntlg;≸\0ntriangleleft;⋪\0ntrianglelefteq;⋬\0ntriangleright;⋫\0\
    ntrianglerighteq;⋭\0nu;ν\0num;#\0numero;№\0numsp;\u{2007}\0nvDash;⊭\0nvHarr;⤄\0\
    nvap;≍\u{20d2}\0nvdash;⊬\0nvge;≥\u{20d2}\0nvgt;>\u{20d2}\0nvinfin;⧞\0nvlArr;⤂\0\
    nvle;≤\u{20d2}\0nvlt;<\u{20d2}\0nvltrie;⊴\u{20d2}\0nvrArr;⤃\0nvrtrie;⊵\u{20d2}\0\
    nvsim;∼\u{20d2}\0nwArr;⇖\0nwarhk;⤣\0nwarr;↖\0nwarrow;↖\0nwnear;⤧\0oS;Ⓢ\0oacute:ó\0\
    oast;⊛\0ocir;⊚\0ocirc:ô\0ocy;о\0odash;⊝\0odblac;ő\0odiv;⨸\0odot;⊙\0odsold;⦼\0oelig;œ\0\
    ofcir;⦿\0ofr;\u{1d52c}\0ogon;˛\0ograve:ò\0ogt;⧁\0ohbar;⦵\0ohm;Ω\0oint;∮\0olarr;↺\0\
    olcir;⦾\0olcross;⦻\0oline;‾\0olt;⧀\0omacr;ō\0omega;ω\0omicron;ο\0omid;⦶\0ominus;⊖\0\
    oopf;\u{1d560}\0opar;⦷\0operp;⦹\0oplus;⊕\0or;∨\0orarr;↻\0ord;⩝\0order;ℴ\0orderof;ℴ\0\
    ordf:ª\0ordm:º\0origof;⊶\0oror;⩖\0orslope;⩗\0orv;⩛\0oscr;ℴ\0oslash:ø\0osol;⊘\0otilde:õ\0\
    otimes;⊗\0otimesas;⨶\0ouml:ö\0ovbar;⌽\0par;∥\0para:¶\0parallel;∥\0parsim;⫳\0parsl;⫽\0\
    part;∂\0pcy;п\0percnt;%\0period;.\0permil;‰\0perp;⊥\0pertenk;‱\0pfr;\u{1d52d}\0phi;φ\0\
    phiv;ϕ\0phmmat;ℳ\0phone;☎\0pi;π\0pitchfork;⋔\0piv;ϖ\0planck;ℏ\0planckh;ℎ\0plankv;ℏ\0\
    plus;+\0plusacir;⨣\0plusb;⊞\0pluscir;⨢\0plusdo;∔\0plusdu;⨥\0pluse;⩲\0plusmn:±\0\
    plussim;⨦\0plustwo;⨧\0pm;±\0pointint;⨕\0popf;\u{1d561}\0pound:£\0pr;≺\0prE;⪳\0prap;⪷\0\
    prcue;≼\0pre;⪯\0prec;≺\0precapprox;⪷\0preccurlyeq;≼\0preceq;⪯\0precnapprox;⪹\0\
    precneqq;⪵\0precnsim;⋨\0precsim;≾\0prime;′\0primes;ℙ\0prnE;⪵\0prnap;⪹\0prnsim;⋨\0\
    prod;∏\0profalar;⌮\0profline;⌒\0profsurf;⌓\0prop;∝\0propto;∝\0prsim;≾\0prurel;⊰\0\
    pscr;\u{1d4c5}\0psi;ψ\0puncsp;\u{2008}\0qfr;\u{1d52e}\0qint;⨌\0qopf;\u{1d562}\0\
    qprime;⁗\0qscr;\u{1d4c6}\0quaternions;ℍ\0quatint;⨖\0quest;?\0questeq;≟\0quot:\"\0\
    rAarr;⇛\0rArr;⇒\0rAtail;⤜\0rBarr;⤏\0rHar;⥤\0race;∽\u{331}\0racute;ŕ\0radic;√\0\
    raemptyv;⦳\0rang;⟩\0rangd;⦒\0range;⦥\0rangle;⟩\0raquo:»\0rarr;→\0rarrap;⥵\0rarrb;⇥\0\
    rarrbfs;⤠\0rarrc;⤳\0rarrfs;⤞\0rarrhk;↪\0rarrlp;↬\0rarrpl;⥅\0rarrsim;⥴\0rarrtl;↣\0\
    rarrw;↝\0ratail;⤚\0ratio;∶\0rationals;ℚ\0rbarr;⤍\0rbbrk;❳\0rbrace;}\0rbrack;]\0rbrke;⦌\0\
    rbrksld;⦎\0rbrkslu;⦐\0rcaron;ř\0rcedil;ŗ\0rceil;⌉\0rcub;}\0rcy;р\0rdca;⤷\0rdldhar;⥩\0\
    rdquo;”\0rdquor;”\0rdsh;↳\0real;ℜ\0realine;ℛ\0realpart;ℜ\0reals;ℝ\0rect;▭\0reg:®\0\
    rfisht;⥽\0rfloor;⌋\0rfr;\u{1d52f}\0rhard;⇁\0rharu;⇀\0rharul;⥬\0rho;ρ\0rhov;ϱ\0\
    rightarrow;→\0rightarrowtail;↣\0rightharpoondown;⇁\0rightharpoonup;⇀\0\
    rightleftarrows;⇄\0rightleftharpoons;⇌\0rightrightarrows;⇉\0rightsquigarrow;↝\0\
    rightthreetimes;⋌\0ring;˚\0risingdotseq;≓\0rlarr;⇄\0rlhar;⇌\0rlm;\u{200f}\0rmoust;⎱\0\
    rmoustache;⎱\0rnmid;⫮\0roang;⟭\0roarr;⇾\0robrk;⟧\0ropar;⦆\0ropf;\u{1d563}\0roplus;⨮\0\
    rotimes;⨵\0rpar;)\0rpargt;⦔\0rppolint;⨒\0rrarr;⇉\0rsaquo;›\0rscr;\u{1d4c7}\0rsh;↱\0\
    rsqb;]\0rsquo;’\0rsquor;’\0rthree;⋌\0rtimes;⋊\0rtri;▹\0rtrie;⊵\0rtrif;▸\0rtriltri;⧎\0\
    ruluhar;⥨\0rx;℞\0sacute;ś\0sbquo;‚\0sc;≻\0scE;⪴\0scap;⪸\0scaron;š\0sccue;≽\0sce;⪰\0\
    scedil;ş\0scirc;ŝ\0scnE;⪶\0scnap;⪺\0scnsim;⋩\0scpolint;⨓\0scsim;≿\0scy;с\0sdot;⋅\0\
    sdotb;⊡\0sdote;⩦\0seArr;⇘\0searhk;⤥\0searr;↘\0searrow;↘\0sect:§\0semi;;\0seswar;⤩\0\
    setminus;∖\0setmn;∖\0sext;✶\0sfr;\u{1d530}\0sfrown;⌢\0sharp;♯\0shchcy;щ\0shcy;ш\0\
    shortmid;∣\0shortparallel;∥\0shy:\u{ad}\0sigma;σ\0sigmaf;ς\0sigmav;ς\0sim;∼\0simdot;⩪\0\
    sime;≃\0simeq;≃\0simg;⪞\0simgE;⪠\0siml;⪝\0simlE;⪟\0simne;≆\0simplus;⨤\0simrarr;⥲\0\
    slarr;←\0smallsetminus;∖\0smashp;⨳\0smeparsl;⧤\0smid;∣\0smile;⌣\0smt;⪪\0smte;⪬\0\
    smtes;⪬︀\0softcy;ь\0sol;/\0solb;⧄\0solbar;⌿\0sopf;\u{1d564}\0spades;♠\0spadesuit;♠\0\
    spar;∥\0sqcap;⊓\0sqcaps;⊓︀\0sqcup;⊔\0sqcups;⊔︀\0sqsub;⊏\0sqsube;⊑\0sqsubset;⊏\0\
    sqsubseteq;⊑\0sqsup;⊐\0sqsupe;⊒\0sqsupset;⊐\0sqsupseteq;⊒\0squ;□\0square;□\0squarf;▪\0\
    squf;▪\0srarr;→\0sscr;\u{1d4c8}\0ssetmn;∖\0ssmile;⌣\0sstarf;⋆\0star;☆\0starf;★\0\
    straightepsilon;ϵ\0straightphi;ϕ\0strns;¯\0sub;⊂\0subE;⫅\0subdot;⪽\0sube;⊆\0subedot;⫃\0\
    submult;⫁\0subnE;⫋\0subne;⊊\0subplus;⪿\0subrarr;⥹\0subset;⊂\0subseteq;⊆\0subseteqq;⫅\0\
    subsetneq;⊊\0subsetneqq;⫋\0subsim;⫇\0subsub;⫕\0subsup;⫓\0succ;≻\0succapprox;⪸\0\
    succcurlyeq;≽\0succeq;⪰\0succnapprox;⪺\0succneqq;⪶\0succnsim;⋩\0succsim;≿\0sum;∑\0\
    sung;♪\0sup;⊃\0sup1:¹\0sup2:²\0sup3:³\0supE;⫆\0supdot;⪾\0supdsub;⫘\0supe;⊇\0supedot;⫄\0\
    suphsol;⟉\0suphsub;⫗\0suplarr;⥻\0supmult;⫂\0supnE;⫌\0supne;⊋\0supplus;⫀\0supset;⊃\0\
    supseteq;⊇\0supseteqq;⫆\0supsetneq;⊋\0supsetneqq;⫌\0supsim;⫈\0supsub;⫔\0supsup;⫖\0\
    swArr;⇙\0swarhk;⤦\0swarr;↙\0swarrow;↙\0swnwar;⤪\0szlig:ß\0target;⌖\0tau;τ\0tbrk;⎴\0\
    tcaron;ť\0tcedil;ţ\0tcy;т\0tdot;\u{20db}\0telrec;⌕\0tfr;\u{1d531}\0there4;∴\0\
    therefore;∴\0theta;θ\0thetasym;ϑ\0thetav;ϑ\0thickapprox;≈\0thicksim;∼\0thinsp;\u{2009}\0\
    thkap;≈\0thksim;∼\0thorn:þ\0tilde;˜\0times:×\0timesb;⊠\0timesbar;⨱\0timesd;⨰\0tint;∭\0\
    toea;⤨\0top;⊤\0topbot;⌶\0topcir;⫱\0topf;\u{1d565}\0topfork;⫚\0tosa;⤩\0tprime;‴\0\
    trade;™\0triangle;▵\0triangledown;▿\0triangleleft;◃\0trianglelefteq;⊴\0triangleq;≜\0\
    triangleright;▹\0trianglerighteq;⊵\0tridot;◬\0trie;≜\0triminus;⨺\0triplus;⨹\0trisb;⧍\0\
    tritime;⨻\0trpezium;⏢\0tscr;\u{1d4c9}\0tscy;ц\0tshcy;ћ\0tstrok;ŧ\0twixt;≬\0\
    twoheadleftarrow;↞\0twoheadrightarrow;↠\0uArr;⇑\0uHar;⥣\0uacute:ú\0uarr;↑\0ubrcy;ў\0\
    ubreve;ŭ\0ucirc:û\0ucy;у\0udarr;⇅\0udblac;ű\0udhar;⥮\0ufisht;⥾\0ufr;\u{1d532}\0\
    ugrave:ù\0uharl;↿\0uharr;↾\0uhblk;▀\0ulcorn;⌜\0ulcorner;⌜\0ulcrop;⌏\0ultri;◸\0umacr;ū\0\
    uml:¨\0uogon;ų\0uopf;\u{1d566}\0uparrow;↑\0updownarrow;↕\0upharpoonleft;↿\0\
    upharpoonright;↾\0uplus;⊎\0upsi;υ\0upsih;ϒ\0upsilon;υ\0upuparrows;⇈\0urcorn;⌝\0\
    urcorner;⌝\0urcrop;⌎\0uring;ů\0urtri;◹\0uscr;\u{1d4ca}\0utdot;⋰\0utilde;ũ\0utri;▵\0\
    utrif;▴\0uuarr;⇈\0uuml:ü\0uwangle;⦧\0vArr;⇕\0vBar;⫨\0vBarv;⫩\0vDash;⊨\0vangrt;⦜\0\
    varepsilon;ϵ\0varkappa;ϰ\0varnothing;∅\0varphi;ϕ\0varpi;ϖ\0varpropto;∝\0varr;↕\0\
    varrho;ϱ\0varsigma;ς\0varsubsetneq;⊊︀\0varsubsetneqq;⫋︀\0varsupsetneq;⊋︀\0\
    varsupsetneqq;⫌︀\0vartheta;ϑ\0vartriangleleft;⊲\0vartriangleright;⊳\0vcy;в\0vdash;⊢\0\
    vee;∨\0veebar;⊻\0veeeq;≚\0vellip;⋮\0verbar;|\0vert;|\0vfr;\u{1d533}\0vltri;⊲\0\
    vnsub;⊂\u{20d2}\0vnsup;⊃\u{20d2}\0vopf;\u{1d567}\0vprop;∝\0vrtri;⊳\0vscr;\u{1d4cb}\0\
    vsubnE;⫋︀\0vsubne;⊊︀\0vsupnE;⫌︀\0vsupne;⊋︀\0vzigzag;⦚\0wcirc;ŵ\0wedbar;⩟\0wedge;∧\0\
    wedgeq;≙\0weierp;℘\0wfr;\u{1d534}\0wopf;\u{1d568}\0wp;℘\0wr;≀\0wreath;≀\0\
    wscr;\u{1d4cc}\0xcap;⋂\0xcirc;◯\0xcup;⋃\0xdtri;▽\0xfr;\u{1d535}\0xhArr;⟺\0xharr;⟷\0\
    xi;ξ\0xlArr;⟸\0xlarr;⟵\0xmap;⟼\0xnis;⋻\0xodot;⨀\0xopf;\u{1d569}\0xoplus;⨁\0xotime;⨂\0\
    xrArr;⟹\0xrarr;⟶\0xscr;\u{1d4cd}\0xsqcup;⨆\0xuplus;⨄\0xutri;△\0xvee;⋁\0xwedge;⋀\0\
    yacute:ý\0yacy;я\0ycirc;ŷ\0ycy;ы\0yen:¥\0yfr;\u{1d536}\0yicy;ї\0yopf;\u{1d56a}\0\
    yscr;\u{1d4ce}\0yucy;ю\0yuml:ÿ\0zacute;ź\0zcaron;ž\0zcy;з\0zdot;ż\0zeetrf;ℨ\0zeta;ζ\0\
    zfr;\u{1d537}\0zhcy;ж\0zigrarr;⇝\0zopf;\u{1d56b}\0zscr;\u{1d4cf}\0zwj;\u{200d}\0\
    zwnj;\u{200c}\0\
";

/// How many names [`TABLE`] holds.
const COUNT: usize = {
    let (t, mut i, mut n) = (TABLE.as_bytes(), 0, 0);
    while i < t.len() {
        n += (t[i] == 0) as usize;
        i += 1;
    }
    n
};

/// Where each entry of [`TABLE`] starts.
static AT: [u16; COUNT] = {
    let t = TABLE.as_bytes();
    assert!(t.len() <= u16::MAX as usize);
    let (mut at, mut i, mut n) = ([0u16; COUNT], 0, 1);
    while i + 1 < t.len() {
        if t[i] == 0 {
            at[n] = (i + 1) as u16;
            n += 1;
        }
        i += 1;
    }
    at
};

/// The name of the entry that starts at `at`.
fn name_at(at: u16) -> &'static [u8] {
    let entry = &TABLE.as_bytes()[usize::from(at)..];
    &entry[..entry.iter().position(|&c| c == b';' || c == b':').unwrap_or(0)]
}

/// What `name` (without `&`; with its `;` if it is written with one) stands for: a name of
/// the table with `;`, or a legacy name without it.
pub(super) fn lookup(name: &[u8]) -> Option<&'static str> {
    let (bare, semicolon) = name.strip_suffix(b";").map_or((name, false), |bare| (bare, true));
    let i = AT.binary_search_by(|&at| name_at(at).cmp(bare)).ok()?;
    let rest = &TABLE[usize::from(AT[i]) + bare.len()..];
    if !semicolon && !rest.starts_with(':') {
        return None;
    }
    let characters = &rest[1..];
    Some(&characters[..characters.find('\0').unwrap_or(characters.len())])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_are_in_byte_order() {
        assert!(AT.windows(2).all(|w| name_at(w[0]) < name_at(w[1])));
        assert!(AT.iter().all(|&at| !name_at(at).is_empty()));
    }

    /// The table is the `entities` crate's: each of its 2 231 entries reads the same here, and
    /// there are no others (2 125 names with `;`, 106 of them also without).
    #[test]
    fn the_table_is_the_entities_crates() {
        for e in ::entities::ENTITIES.iter() {
            assert_eq!(lookup(&e.entity.as_bytes()[1..]), Some(e.characters), "{}", e.entity);
        }
        let legacy =
            AT.iter().filter(|&&at| TABLE.as_bytes()[usize::from(at) + name_at(at).len()] == b':');
        assert_eq!((COUNT, legacy.count()), (2125, 106));
        assert_eq!(::entities::ENTITIES.len(), 2125 + 106);
        for name in ["amp", "ampx;", "notit", "AMP;x", "", ";", "Aacute", "abreve", "zwnj"] {
            let crate_reading = ::entities::ENTITIES
                .iter()
                .find(|e| &e.entity.as_bytes()[1..] == name.as_bytes())
                .map(|e| e.characters);
            assert_eq!(lookup(name.as_bytes()), crate_reading, "{name}");
        }
    }
}
