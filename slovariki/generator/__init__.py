"""Print-ready output: card faces, imposition on sheets, the rules sheet and the word handout.

ReportLab is imported only inside this package, so the rest of slovariki starts quickly.
"""
