"""Russian text and the people who read it: plurals and cases (``russian``, ``spoken``), the console
and the terminal (``console``, ``terminal``), and click's own texts in Russian (``clicktext``)."""
