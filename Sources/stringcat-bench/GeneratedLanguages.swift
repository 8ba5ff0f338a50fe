/// The `.lproj` folder names of generated projects and the words their values are made of.
///
/// Spellings are the ones real projects use (`zh_Hans` beside `zh-HK`, `sr-Latn`, `es-419`), so the
/// migration's code mapping is exercised; about half the languages have non-ASCII text.
enum GeneratedLanguages {
    /// `.lproj` names; the first is the source language. `--languages N` takes the first N.
    static let codes = [
        "en", "de", "fr", "ja", "zh_Hans", "pt-BR", "ru", "es", "it", "ko",
        "sr-Latn", "ar", "nl", "sv", "pl", "tr", "zh_Hant", "zh-HK", "fr-CA", "es-419",
        "pt-PT", "da", "nb", "fi", "cs", "sk", "hu", "ro", "hr", "sl",
        "uk", "el", "he", "hi", "th", "vi", "id", "ms", "ca", "lt",
        "bg", "et", "lv", "is", "ga", "cy", "eu", "gl", "fa", "ur",
        "bn", "ta", "kk", "ka", "hy", "sq", "mk", "sr", "af", "sw",
    ]

    /// Words of one language's values: real words where the script matters, ASCII otherwise.
    static func words(for code: String) -> [String] {
        let language = String(code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? Substring(code))
        switch language {
        case "en":
            return [
                "Settings", "Close", "Files", "Save", "Account", "Search", "Delete", "Share", "Open", "Download",
                "Profile", "Message",
            ]
        case "de":
            return [
                "Einstellungen", "Schließen", "Dateien", "Größe", "Übersicht", "Löschen", "Teilen", "Öffnen", "Konto",
                "Suche",
            ]
        case "fr":
            return [
                "Réglages", "Fermer", "Fichiers", "Aperçu", "Supprimer", "Partager", "Télécharger", "Compte",
                "Recherche", "Été",
            ]
        case "es", "ca", "gl":
            return [
                "Configuración", "Cerrar", "Archivos", "Año", "Eliminar", "Compartir", "Descargar", "Cuenta",
                "Búsqueda",
            ]
        case "pt":
            return [
                "Configurações", "Fechar", "Arquivos", "Não", "Excluir", "Compartilhar", "Baixar", "Conta", "Pesquisa",
            ]
        case "ru", "uk", "bg", "kk", "mk":
            return [
                "Настройки", "Закрыть", "Файлы", "Сохранить", "Удалить", "Поделиться", "Открыть", "Профиль", "Поиск",
            ]
        case "sr":
            return code.contains("Latn")
                ? ["Podešavanja", "Zatvori", "Datoteke", "Sačuvaj", "Obriši", "Podeli", "Otvori", "Pretraga"]
                : ["Подешавања", "Затвори", "Датотеке", "Сачувај", "Обриши", "Подели", "Отвори"]
        case "pl", "cs", "sk", "hr", "sl", "lt", "lv", "et", "hu", "ro", "tr":
            return [
                "Ustawienia", "Zamknij", "Pliki", "Zapisz", "Usuń", "Udostępnij", "Otwórz", "Konto", "Wyszukaj",
                "Nastavení", "Kaydet",
            ]
        case "el": return ["Ρυθμίσεις", "Κλείσιμο", "Αρχεία", "Αποθήκευση", "Διαγραφή", "Κοινοποίηση"]
        case "he": return ["הגדרות", "סגור", "קבצים", "שמור", "מחק", "שתף"]
        case "ar", "fa", "ur": return ["الإعدادات", "إغلاق", "الملفات", "حفظ", "حذف", "مشاركة", "فتح"]
        case "hi", "bn", "ta": return ["सेटिंग्स", "बंद", "फ़ाइलें", "सहेजें", "हटाएं", "साझा"]
        case "th": return ["การตั้งค่า", "ปิด", "ไฟล์", "บันทึก", "ลบ", "แชร์"]
        case "ja": return ["設定", "閉じる", "ファイル", "保存", "削除", "共有", "開く", "検索"]
        case "ko": return ["설정", "닫기", "파일", "저장", "삭제", "공유", "열기", "검색"]
        case "zh":
            return code.contains("Hans")
                ? ["设置", "关闭", "文件", "保存", "删除", "共享", "打开", "搜索"]
                : ["設定", "關閉", "檔案", "儲存", "刪除", "分享", "打開", "搜尋"]
        case "vi": return ["Cài đặt", "Đóng", "Tệp", "Lưu", "Xóa", "Chia sẻ", "Mở"]
        case "ka", "hy": return ["პარამეტრები", "დახურვა", "ფაილები", "Կարգավորումներ", "Փակել"]
        default:
            return [
                "Instellingen", "Sluiten", "Bestanden", "Opslaan", "Verwijderen", "Delen", "Openen", "Zoeken",
                "Account", "Profiel",
            ]
        }
    }
}
