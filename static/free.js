// The free game's page: ± turns the sign of a deal's points (a phone's number keys may have no
// minus), and in a zero-sum game the one field left empty shows what the server fills in.
(function () {
  "use strict";
  document.querySelectorAll(".points").forEach(function (set) {
    var inputs = set.querySelectorAll("input");
    function hint() {
      if (!set.hasAttribute("data-zero")) return;
      var empty = [], sum = 0;
      inputs.forEach(function (input) {
        input.placeholder = "";
        if (input.value.trim() === "") empty.push(input);
        else sum += Number(input.value) || 0;
      });
      if (empty.length === 1) empty[0].placeholder = String(-sum);
    }
    set.querySelectorAll(".sign").forEach(function (button) {
      var input = button.nextElementSibling;
      button.hidden = false;
      button.addEventListener("click", function () {
        var value = input.value.trim();
        if (value !== "" && Number(value) !== 0) input.value = String(-Number(value));
        hint();
        input.focus();
      });
    });
    set.addEventListener("input", hint);
    hint();
  });
})();
