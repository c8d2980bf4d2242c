# The Python worker's program, run by PyScript once Pyodide and the app's wheels are in
# (assets/page/table/python.js starts the worker): from then on the app answers the page's messages.
# PyScript hands each message to xworker.onmessage, looking xworker up among this program's
# own names: it must be imported here.
from polyscript import xworker

from dadoteca_web.main import start

start(xworker)
