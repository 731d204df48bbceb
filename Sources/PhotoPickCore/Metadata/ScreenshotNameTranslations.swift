/// The translated names screenshot tools give their files, taken from the tools' own
/// translations (`ScreenshotNames` says how each is matched). Lowercased when loaded.
enum ScreenshotNameTranslations {
    /// GNOME's file names, "%s" standing for the time stamp: the translations of GNOME Shell's
    /// "Screenshot From %s" (GNOME 44 on) and "Screenshot from %s" (GNOME 42, 43), and of GNOME
    /// Screenshot's "Screenshot from %s.%s" without its extension (their po/*.po files).
    /// The English ones are `ScreenshotNames.englishWords`' to match.
    static let gnomeTemplates: Set<String> = Set([
        "%s دىن ئېكران كەسمىسى تۇت", "%s बाट स्क्रिनसट", "%s से स्क्रीनशॉट", "%s থেকে স্ক্রিনশট", "%s ਤੋਂ ਸਕਰੀਨਸ਼ਾਟ",
        "%s இலிருந்து திரைப்பிடிப்பு", "%s ᱠᱷᱚᱱ ᱥᱠᱨᱤᱱ ᱥᱚᱴ", "%s 的螢幕擷圖", "%s屏幕截图", "Bildschirmfoto vom %s",
        "Captura d'ecran de %s", "Captura d'ecran del %s", "Captura de %s", "Captura de ecrã de %s", "Captura de pantalla de %s",
        "Captura de pantalla do %s", "Captura de schermo ab %s", "Captura de schermo de %s", "Captura de tela de %s",
        "Captura del %s", "Captura desde %s", "Capture d’écran du %s", "Captură de ecran de la %s", "Captură de ecran din %s",
        "Chụp màn hình từ %s", "Cuplikan Layar Dari %s", "Ekraanipilt %s", "Ekran Görüntüsü %s", "Ekran Görüntüsü - %s",
        "Ekrankopio de %s", "Ekrano nuotrauka iš %s", "Ekrānattēls %s", "Ekrānattēls no %s", "Gabháil Scáileáin ó %s",
        "Glacadh-sgrìn o %s", "Hình chụp từ %s", "Imagine %s", "Kuvakaappaus %s", "Kuvakaappaus - %s", "Képernyőkép %s",
        "Képernyőkép – %s", "Pantaila-argazkia %s", "Pantaila-argazkia_%s", "Schermade dal %s", "Schermafdruk van %s",
        "Schermata del %s", "Skermskoot op %s", "Skjermbilde fra %s", "Skjermbilete frå %s", "Skjámynd frá %s",
        "Skrin-Skeusen a-dhia %s", "Skrinshot: %s", "Skärmbild från %s", "Skærmbillede fra %s", "Slika iz %s",
        "Slika zaslona %s", "Snimak ekrana napravljen dana %s", "Snimak ekrana od %s", "Snímek obrazovky pořízený %s",
        "Snímek obrazovky z %s", "Snímka obrazovky z %s", "Snímka obrazovky z dňa %s", "Tangkap layar dari %s",
        "Tuṭṭfa n ugdil seg %s", "Videade %s", "Videade di %s", "Zaslonska slika %s", "Zaslonski posnetek %s",
        "Zdymak ekrana ad %s", "Zrzut ekranu z %s", "Στιγμιότυπο Οθόνης από %s", "Στιγμιότυπο από %s", "Здымак экрана ад %s",
        "Знімок екрана з %s", "Скриншот %s", "Скриншот аз %s", "Скриншот, уақыты %s", "Снимак екрана направљен дана %s",
        "Снимак екрана од %s", "Снимка на екрана на %s", "Снимка от %s", "Снимок экрана от %s", "צילום מסך מ־%s",
        "צילום מסך מתאריך %s", "لقطة شاشة من %s", "نماگرفت از %s", "وێنەی شاشە لە %s", "स्क्रिनसट %s", "স্ক্ৰিনশ্বট য'ৰ পৰা লোৱা হৈছে সেই %s",
        "ภาพหน้าจอจาก %s", "ພາບໜ້າຈໍຈາກ %s", "ანაბეჭდი თარიღით %s", "ეკრანის ანაბეჭდი %s-დან", "截图 %s", "螢幕快照 %s",
        "螢幕擷圖 %s", "스크린샷 %s", "스크린샷, %s",
    ].map { $0.lowercased() })

    /// The word itself, as the tools put it before their date: the translations of Xfce
    /// Screenshooter's "Screenshot" (it writes "<word>_%Y-%m-%d_%H-%M-%S") and of Spectacle's
    /// default file name ("<word>_<yyyy><MM><dd>_<HH><mm><ss>"), from their po files; and
    /// macOS's ("<word> 2024-07-15 <at> 10.30.00") in the languages it names them in.
    static let words: Set<String> = Set([
        "Bildschirmfoto", "Capter li ecran", "Captura", "Captura d'ecran", "Captura de ecrã", "Captura de pantalla",
        "Captura de schermo", "Captura de tela", "Captura_de_tela", "Capture d'écran", "Capture d’écran",
        "Captură de ecran", "Cekupan Skrin", "Cuplikan Layar", "Ekran Görüntüsü", "Ekran şəkli", "Ekrankopio",
        "Ekrano kopija", "Ekrānattēls", "Ekrānkopija", "Foto ekrani", "Istantanea", "Jepretan layar", "Kuvakaappaus",
        "Kuvatõmmis", "Képernyőkép", "Nowe foto wobrazowki", "Pantaila-argazkia", "Przechwycenie obrazu ekranu",
        "Schermafdruk", "Schermata", "Skjermbilde", "Skjermbilete", "Skjámynd", "Skärmbild", "Skærmbillede",
        "Snímek obrazovky", "Snímka obrazovky", "Snímka_obrazovky", "Tee uus pilt", "Uhvati novi snimak",
        "Zaslonska slika", "Zrzut ekranu", "Λήψη νέου στιγμιοτύπου οθόνης", "Στιγμιότυπο οθόνης", "Здымак экрана",
        "Знімок", "Знімок екрану", "Скриншот", "Слика радне површи", "Снимка на екрана", "Снимок экрана",
        "Ухвати нови снимак", "Էկրանահան", "צילום מסך", "ئېكران كۆرۈنۈشى", "اسکرین‌شات", "سکرین شوٹ", "لقطة الشاشة",
        "لقطة شاشة", "स्क्रीनशॉट", "ਸਕਰੀਨਸ਼ਾਟ", "திரைப்பிடிப்பு", "తెరపట్టు", "තිරපිටපත", "ภาพหน้าจอ", "ຮູບໜ້າຈໍ",
        "ეკრანის ანაბეჭდი", "სკრინშოტი", "Ảnh chụp màn hình", "スクリーンショット", "屏幕截图", "截图", "螢幕快照", "螢幕截圖", "스크린샷",
        "Istantanea schermo", "Schermafbeelding", "Skärmavbild", "Näyttökuva", "Знімок екрана", "截屏", "Ekran Resmi",
        "Képernyőfotó",
    ].map { $0.lowercased() })
}
