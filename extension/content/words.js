// The words of the page's own panels (no article found, a failure), in the page's language
// where the reader's chrome has it (Arabic, Persian, Urdu, Pashto; src/lang.rs `chrome` holds
// the words around an article), else in English. Each says what the user can do next; why the
// engine found nothing goes to the console and to `run`'s result, not to the panel.

const WORDS = {
  en: {
    noArticle: 'No article found on this page',
    noArticleNext: 'Select the text you want on the page, then choose Show selection in reader or Read selection aloud.',
    showSelection: 'Show selection in reader',
    speakSelection: 'Read selection aloud',
    selectFirst: 'Select some text on the page first, then press the button again.',
    close: 'Close',
    failed: 'Dana Reader could not read this page',
    failedNext: 'The page has not been changed. Reload it and try again.',
  },
  ar: {
    noArticle: 'لم يُعثر على مقالة في هذه الصفحة',
    noArticleNext: 'حدّد النص الذي تريده في الصفحة، ثم اختر «اعرض التحديد في القارئ» أو «اقرأ التحديد بصوت عالٍ».',
    showSelection: 'اعرض التحديد في القارئ',
    speakSelection: 'اقرأ التحديد بصوت عالٍ',
    selectFirst: 'حدّد نصًا في الصفحة أولًا، ثم اضغط الزر مرة أخرى.',
    close: 'إغلاق',
    failed: 'تعذّرت قراءة هذه الصفحة',
    failedNext: 'لم تتغير الصفحة. أعد تحميلها وحاول مرة أخرى.',
  },
  fa: {
    noArticle: 'در این صفحه مقاله‌ای پیدا نشد',
    noArticleNext: 'متنی را که می‌خواهید در صفحه انتخاب کنید، سپس «نمایش انتخاب در حالت خواندن» یا «خواندن انتخاب با صدا» را بزنید.',
    showSelection: 'نمایش انتخاب در حالت خواندن',
    speakSelection: 'خواندن انتخاب با صدا',
    selectFirst: 'ابتدا متنی را در صفحه انتخاب کنید، سپس دوباره دکمه را بزنید.',
    close: 'بستن',
    failed: 'این صفحه خوانده نشد',
    failedNext: 'صفحه تغییری نکرده است. آن را دوباره بارگذاری کنید و دوباره امتحان کنید.',
  },
  ur: {
    noArticle: 'اس صفحے پر کوئی مضمون نہیں ملا',
    noArticleNext: 'صفحے پر اپنا مطلوبہ متن منتخب کریں، پھر «انتخاب ریڈر میں دکھائیں» یا «انتخاب بلند آواز میں پڑھیں» چنیں۔',
    showSelection: 'انتخاب ریڈر میں دکھائیں',
    speakSelection: 'انتخاب بلند آواز میں پڑھیں',
    selectFirst: 'پہلے صفحے پر کچھ متن منتخب کریں، پھر دوبارہ بٹن دبائیں۔',
    close: 'بند کریں',
    failed: 'یہ صفحہ پڑھا نہیں جا سکا',
    failedNext: 'صفحہ تبدیل نہیں ہوا۔ اسے دوبارہ لوڈ کر کے پھر کوشش کریں۔',
  },
  ps: {
    noArticle: 'په دې پاڼه کې مقاله ونه موندل شوه',
    noArticleNext: 'په پاڼه کې هغه متن وټاکئ چې غواړئ یې، بیا «ټاکل شوی متن په لوستونکي کې وښیه» یا «ټاکل شوی متن په لوړ غږ ولوله» وټاکئ.',
    showSelection: 'ټاکل شوی متن په لوستونکي کې وښیه',
    speakSelection: 'ټاکل شوی متن په لوړ غږ ولوله',
    selectFirst: 'لومړی په پاڼه کې یو څه متن وټاکئ، بیا تڼۍ بیا کېکاږئ.',
    close: 'بندول',
    failed: 'دا پاڼه ونه لوستل شوه',
    failedNext: 'پاڼه نه ده بدله شوې. بیا یې پورته کړئ او بیا هڅه وکړئ.',
  },
};

// The table's language for a page's `lang` attribute ("ur-PK" -> ur), English otherwise.
export function wordsLang(lang) {
  const base = String(lang || '').toLowerCase().split(/[-_]/)[0];
  return Object.hasOwn(WORDS, base) ? base : 'en';
}

export const words = (lang) => WORDS[wordsLang(lang)];
