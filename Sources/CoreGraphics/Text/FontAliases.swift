// Lamina's own fontconfig configuration: Apple's font families, which no Linux font package
// provides, as fontconfig aliases. Parsed before the system's configuration (FontMatcher), so
// these rules run first.
//
// Each Apple family prefers a DejaVu face and then fontconfig's generic family (sans-serif,
// serif or monospace). DejaVu comes first on purpose: it is the one font package Lamina
// requires (fonts-dejavu-core), so the same Apple name gives the same face on every machine
// that follows the README — text goldens stay reproducible — whatever else is installed
// (fontconfig's own metric aliases would otherwise send Helvetica to Nimbus Sans or Liberation
// Sans where fonts-urw-base35 or fonts-liberation happen to be installed). Without DejaVu the
// generic family decides, i.e. the system's configuration. fontconfig compares family names
// ignoring case and blanks, so "HelveticaNeue" is "Helvetica Neue".

enum FontAliases {
    static let sans = ["Helvetica", "Helvetica Neue", "Arial", "ArialMT", "SF Pro", "SF Pro Text", "SF Pro Display",
                       "SF Pro Rounded", "SF UI", "SF UI Text", "SF UI Display", ".SF UI", ".SFUI", ".SFUIText",
                       ".SFUIDisplay", ".SF NS",
                       ".AppleSystemUIFont", ".AppleSystemUIFontRounded", "System", "system-ui", "-apple-system", "Avenir", "Avenir Next",
                       "Avenir Next Condensed", "Gill Sans", "Futura", "Lucida Grande", "Verdana", "Trebuchet MS",
                       "Optima", "Geneva", "Tahoma"]
    static let serif = ["Times", "Times New Roman", "TimesNewRomanPS", "Times Roman", "New York", "Georgia",
                        "Palatino", "Baskerville", "Didot", "Cochin", "Charter", "Bodoni 72", "Hoefler Text",
                        "Iowan Old Style", ".AppleSystemUIFontSerif", ".New York", "Superclarendon", "American Typewriter"]
    static let mono = ["Courier", "Courier New", "CourierNewPS", "Menlo", "Monaco", "SF Mono", "SFMono",
                       ".SF Mono", ".AppleSystemUIFontMonospaced", "Andale Mono"]

    /// The configuration, as fontconfig's XML.
    static var xml: String {
        func rules(_ names: [String], dejaVu: String, generic: String) -> String {
            names.map {
                "  <alias binding=\"strong\"><family>\($0)</family>"
                    + "<prefer><family>\(dejaVu)</family><family>\(generic)</family></prefer></alias>\n"
            }.joined()
        }
        return "<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n<fontconfig>\n"
            + rules(sans, dejaVu: "DejaVu Sans", generic: "sans-serif")
            + rules(serif, dejaVu: "DejaVu Serif", generic: "serif")
            + rules(mono, dejaVu: "DejaVu Sans Mono", generic: "monospace")
            + "</fontconfig>\n"
    }
}
