import Foundation
import MadiCore

/// `madi stats --html`: one self-contained page (inline CSS and SVG, no script, no external
/// asset), the funnel drawn as bars.
extension StatsReport {
    static func esc(_ s: String) -> String {
        var out = ""
        for c in Sanitize.line(s) {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    func funnelSVG() -> String {
        let width = 760.0, row = 46.0, left = 250.0, barMax = 380.0
        let top = Double(max(1, funnel.first?.count ?? 1))
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(row * Double(funnel.count) + 10))\" role=\"img\" aria-label=\"Conversion funnel\">"
        for (i, s) in funnel.enumerated() {
            let y = 5 + Double(i) * row
            let w = max(2, barMax * Double(s.count) / top)
            let x = left + (barMax - w) / 2
            let shade = 0.35 + 0.65 * Double(funnel.count - i) / Double(funnel.count)
            svg += "<text x=\"\(Int(left - 12))\" y=\"\(Int(y + 25))\" text-anchor=\"end\" class=\"lbl\">\(Self.esc(s.label))</text>"
            svg += "<rect x=\"\(String(format: "%.1f", x))\" y=\"\(Int(y + 4))\" width=\"\(String(format: "%.1f", w))\" height=\"\(Int(row - 12))\" rx=\"4\" fill=\"rgba(108,63,209,\(String(format: "%.2f", shade)))\"/>"
            svg += "<text x=\"\(Int(left + barMax / 2))\" y=\"\(Int(y + 25))\" text-anchor=\"middle\" class=\"num\">\(s.count)</text>"
            if let d = s.dropOff {
                let text = d > 0 ? "−" + Self.percent(d) : "no loss"
                svg += "<text x=\"\(Int(left + barMax + 14))\" y=\"\(Int(y + 25))\" class=\"\(d > 0 ? "drop" : "keep")\">\(text)</text>"
            }
        }
        return svg + "</svg>"
    }

    func abandonmentSVG() -> String {
        let p = preregistration
        let rate = p.abandonmentRate ?? 0
        let scale = max(0.25, rate * 1.2, p.target * 2)
        let w = 480.0
        let bar = w * min(1, rate / scale)
        let mark = w * p.target / scale
        let colour = rate < p.target ? "#1f9d55" : "#d64545"
        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="520" height="54" viewBox="0 0 520 54" role="img" aria-label="Pre-registration abandonment against the target">\
        <rect x="0" y="10" width="\(Int(w))" height="18" rx="3" fill="#eee"/>\
        <rect x="0" y="10" width="\(String(format: "%.1f", bar))" height="18" rx="3" fill="\(colour)"/>\
        <line x1="\(String(format: "%.1f", mark))" y1="4" x2="\(String(format: "%.1f", mark))" y2="34" stroke="#222" stroke-width="2"/>\
        <text x="\(String(format: "%.1f", mark))" y="50" text-anchor="middle" class="small">target \(Self.percent(p.target))</text>\
        </svg>
        """
    }

    func html(generated: String) -> String {
        func table(_ head: [String], _ rows: [[String]]) -> String {
            if rows.isEmpty { return "<p class=\"none\">None yet.</p>" }
            return "<table><thead><tr>" + head.map { "<th>\(Self.esc($0))</th>" }.joined() + "</tr></thead><tbody>"
                + rows.map { "<tr>" + $0.map { "<td>\(Self.esc($0))</td>" }.joined() + "</tr>" }.joined() + "</tbody></table>"
        }
        let p = preregistration
        let verdict = p.abandonmentRate.map { $0 < p.target ? "within the target" : "above the target" } ?? "no pre-registration decided yet"
        let side = ["faq", "llm", "none"].map { "\($0 == "none" ? "not answered" : $0.uppercased()): \(sideQuestions[$0] ?? 0)" }.joined(separator: " · ")
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Madi: how it is doing</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>
        body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f6f5fb;color:#222}
        main{max-width:980px;margin:0 auto;padding:28px}
        h1{font-size:26px;margin:0 0 4px}h2{font-size:18px;margin:0 0 12px}
        .sub{color:#666;margin-bottom:22px}
        .card{background:#fff;border-radius:10px;padding:18px 22px;margin-bottom:18px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
        .grid{display:grid;grid-template-columns:1fr 1fr;gap:18px}.grid .card{margin-bottom:0}
        .kpis{display:flex;gap:28px;flex-wrap:wrap}.kpi b{display:block;font-size:24px}.kpi span{color:#666;font-size:13px}
        table{border-collapse:collapse;width:100%;font-size:14px}th,td{text-align:left;padding:5px 8px;border-bottom:1px solid #eee}
        th{color:#666;font-weight:600}td:last-child,th:last-child{text-align:right}
        svg .lbl{font-size:14px;fill:#333}svg .num{font-size:14px;fill:#fff;font-weight:700}svg .drop{font-size:13px;fill:#b83232}
        svg .small{font-size:12px;fill:#444}svg .keep{font-size:13px;fill:#888}.none{color:#888}p.small{font-size:13px;color:#555;margin:0 0 8px}
        .warn{color:#b83232}
        </style></head><body><main>
        <h1>Madi: how it is doing</h1>
        <div class="sub">\(conversations) conversation(s)\(since.map { " since \(Self.esc($0))" } ?? "") · generated \(Self.esc(generated))\(eventsDropped > 0 ? " · <span class=\"warn\">\(eventsDropped) event(s) could not be recorded</span>" : "")</div>
        <section class="card"><h2>The funnel</h2>\(funnelSVG())</section>
        <section class="card"><h2>Pre-registration</h2>
        <div class="kpis"><div class="kpi"><b>\(p.started)</b><span>started</span></div><div class="kpi"><b>\(p.saved)</b><span>saved</span></div>\
        <div class="kpi"><b>\(p.consentRefused)</b><span>refused consent</span></div><div class="kpi"><b>\(Self.percent(p.abandonmentRate))</b><span>abandoned (\(verdict))</span></div>\
        <div class="kpi"><b>\(medianTurnsToLead.map { String(format: "%.1f", $0) } ?? "-")</b><span>median turns to a lead</span></div>\
        <div class="kpi"><b>\(Self.duration(medianSecondsToLead))</b><span>median time to a lead</span></div></div>
        \(abandonmentSVG())</section>
        <div class="grid">
        <section class="card"><h2>Recommendations</h2>\(table(["course", "language", "shown"], recommendations.map { [$0.course, $0.language, String($0.count)] }))</section>
        <section class="card"><h2>Leads</h2>\(table(["course", "language", "leads"], leads.map { [$0.course, $0.language, String($0.count)] }))</section>
        </div><br>
        <div class="grid">
        <section class="card"><h2>Where prospects are reprompted</h2>\(table(["step", "conversations", "reprompts"], reprompts.prefix(10).map { [$0.step, String($0.conversations), String($0.reprompts)] }))</section>
        <section class="card"><h2>Questions Madi could not answer</h2><p class="small">Side questions: \(Self.esc(side))</p>\(table(["question", "asked"], unanswered.map { [$0.text, String($0.count)] }))</section>
        </div>
        </main></body></html>

        """
    }
}
